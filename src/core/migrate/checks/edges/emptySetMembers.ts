/**
 * What `convertEmptyValues` changes inside sets, measured with aws-sdk 2.1693.0 and
 * util-dynamodb 3.996.9 / lib-dynamodb 3.1169.0 against dynalite
 * (test/core/migrate/checks/emptySetMembers.test.ts): v2 dropped empty strings and binaries from
 * a set (`createSet(['', 'a'])` → SS ["a"]; a set of only empty members → NULL); v3 keeps them
 * (SS ["", "a"], SS [""]) and the write succeeds. DynamoDB accepts empty String and Binary values
 * inside sets for non-key attributes since 2020-05-18 ("Amazon DynamoDB now supports empty values
 * for non-key String and Binary attributes"; Developer Guide, Supported data types → Sets:
 * "empty String and Binary values are allowed within a set"); dynalite agrees, though it is a
 * re-implementation and may differ from the service elsewhere.
 */
export const emptySetMembersChange =
  'convertEmptyValues: v2 dropped empty strings and binaries from sets (SS ["", "a"] was written as ["a"], a set of only empty members as NULL); ' +
  'v3 keeps them and DynamoDB stores them (empty String/Binary set members are valid for non-key attributes), so stored items change';
