package main

import (
	"math/rand"
	"testing"
)

// lcsLen is the longest common subsequence length by dynamic programming: the reference.
func lcsLen(a, b []string) int {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				dp[i][j] = dp[i+1][j+1] + 1
			} else if dp[i+1][j] > dp[i][j+1] {
				dp[i][j] = dp[i+1][j]
			} else {
				dp[i][j] = dp[i][j+1]
			}
		}
	}
	return dp[0][0]
}

func TestDiffLinesIsAMinimalAlignment(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	alphabet := []string{"a", "b", "c", "d"}
	for round := 0; round < 2000; round++ {
		a, b := make([]string, r.Intn(12)), make([]string, r.Intn(12))
		for i := range a {
			a[i] = alphabet[r.Intn(len(alphabet))]
		}
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		ops, ok := diffLines(a, b, len(a)+len(b))
		if !ok {
			t.Fatalf("%v %v: no alignment", a, b)
		}
		var rebuiltA, rebuiltB []string
		equal := 0
		for _, op := range ops {
			if op.Equal {
				if a[op.A] != b[op.B] {
					t.Fatalf("%v %v: unequal pair %+v", a, b, op)
				}
				rebuiltA, rebuiltB = append(rebuiltA, a[op.A]), append(rebuiltB, b[op.B])
				equal++
				continue
			}
			rebuiltA = append(rebuiltA, a[op.A:op.A+op.DelN]...)
			rebuiltB = append(rebuiltB, b[op.B:op.B+op.InsN]...)
		}
		if len(rebuiltA) != len(a) || len(rebuiltB) != len(b) {
			t.Fatalf("%v %v: ops %+v do not cover both sides", a, b, ops)
		}
		for i := range a {
			if rebuiltA[i] != a[i] {
				t.Fatalf("%v %v: ops %+v do not rebuild a", a, b, ops)
			}
		}
		for i := range b {
			if rebuiltB[i] != b[i] {
				t.Fatalf("%v %v: ops %+v do not rebuild b", a, b, ops)
			}
		}
		if want := lcsLen(a, b); equal != want {
			t.Fatalf("%v %v: %d matched lines, the longest common subsequence has %d", a, b, equal, want)
		}
	}
}

func TestDiffLinesGivesUpPastTheLimit(t *testing.T) {
	if _, ok := diffLines([]string{"a", "b", "c"}, []string{"x", "y", "z"}, 5); ok {
		t.Fatal("6 differing lines aligned within a limit of 5")
	}
	if ops, ok := diffLines([]string{"a"}, []string{"a"}, 0); !ok || len(ops) != 1 || !ops[0].Equal {
		t.Fatalf("identical input: %+v %v", ops, ok)
	}
}
