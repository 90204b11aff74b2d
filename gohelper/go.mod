module dynamohotpath/gohelper

go 1.19
