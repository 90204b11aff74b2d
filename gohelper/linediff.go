package main

// lineOp is one step of a line diff: a[A] and b[B] match (Equal), or a run of a[A:A+DelN] is
// replaced by b[B:B+InsN] (a hunk; either count may be zero).
type lineOp struct {
	Equal      bool
	A, B       int
	DelN, InsN int
}

// diffLines aligns a and b (Myers' O(ND) greedy algorithm, "An O(ND) Difference Algorithm and Its
// Variations", 1986) and returns the matches and hunks in order. ok is false when more than
// maxEdits lines differ: the caller then treats the files as unrelated (the trace costs O(D²)).
func diffLines(a, b []string, maxEdits int) (ops []lineOp, ok bool) {
	n, m := len(a), len(b)
	offset := n + m + 1
	v := make([]int, 2*offset+1)
	var trace [][]int
	found := false
	for d := 0; d <= n+m && d <= maxEdits && !found; d++ {
		trace = append(trace, append([]int(nil), v...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[offset+k-1] < v[offset+k+1]) {
				x = v[offset+k+1]
			} else {
				x = v[offset+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[offset+k] = x
			if x >= n && y >= m {
				found = true
				break
			}
		}
	}
	if !found {
		return nil, false
	}
	// Walk the trace back from (n, m), collecting matched pairs.
	var pairs [][2]int
	x, y := n, m
	for d := len(trace) - 1; d >= 0 && (x > 0 || y > 0); d-- {
		prev := trace[d]
		k := x - y
		var prevK int
		if k == -d || (k != d && prev[offset+k-1] < prev[offset+k+1]) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := prev[offset+prevK]
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x, y = x-1, y-1
			pairs = append(pairs, [2]int{x, y})
		}
		if d > 0 {
			x, y = prevX, prevY
		}
	}
	// pairs are in reverse order; turn them into matches and the hunks between them.
	ai, bi := 0, 0
	for i := len(pairs) - 1; i >= 0; i-- {
		p := pairs[i]
		if p[0] > ai || p[1] > bi {
			ops = append(ops, lineOp{A: ai, B: bi, DelN: p[0] - ai, InsN: p[1] - bi})
		}
		ops = append(ops, lineOp{Equal: true, A: p[0], B: p[1]})
		ai, bi = p[0]+1, p[1]+1
	}
	if ai < n || bi < m {
		ops = append(ops, lineOp{A: ai, B: bi, DelN: n - ai, InsN: m - bi})
	}
	return ops, true
}
