//! Exact cover by dancing links (Knuth's Algorithm X), for the tight placements of
//! [`crate::placement::tight`].
//!
//! # What it computes
//!
//! Given columns `0..m` and rows (each a set of columns), every set of rows that covers
//! each column exactly once. The usual layout: node 0 is the root, nodes `1..=m` the
//! column headers, then one node per (row, column) incidence; `l`/`r` link a row's
//! nodes (and the headers) in a circle, `u`/`d` a column's nodes. Covering a column
//! unlinks it and every row that meets it; uncovering restores them in reverse order,
//! so the lists are back as they were.
//!
//! # Branching
//!
//! Each node branches on the column with the fewest rows left (the first such in
//! column order), which makes the order of the solutions deterministic.
//!
//! # Reference
//!
//! D. E. Knuth, *Dancing links*, Millennial Perspectives in Computer Science (2000).

/// What one search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Rows tried (search nodes).
    pub nodes: u64,
    /// Exact covers visited.
    pub solutions: u64,
    /// Did the node limit or the visitor stop the search before it was exhaustive?
    pub cut: bool,
}

/// The dancing-links structure of one exact-cover problem.
pub struct Dlx {
    l: Vec<u32>,
    r: Vec<u32>,
    u: Vec<u32>,
    d: Vec<u32>,
    col: Vec<u32>,
    row: Vec<u32>,
    size: Vec<u32>,
}

impl Dlx {
    /// The problem with `columns` columns and these rows (column indices, each below
    /// `columns`, no repeats within a row).
    ///
    /// ```
    /// use amoba::solvers::dlx::Dlx;
    /// // Columns 0..3; rows {0,1}, {2}, {0}, {1,2}: two exact covers.
    /// let mut x = Dlx::new(3, &[vec![0, 1], vec![2], vec![0], vec![1, 2]]);
    /// let mut found = Vec::new();
    /// let stats = x.search(None, &mut |rows| { found.push(rows.to_vec()); true });
    /// assert_eq!(stats.solutions, 2);
    /// assert_eq!(found, vec![vec![0, 1], vec![2, 3]]);
    /// ```
    pub fn new(columns: usize, rows: &[Vec<u32>]) -> Dlx {
        Dlx::with_secondary(columns, columns, rows)
    }

    /// The problem whose first `primary` columns must be covered exactly once and the
    /// others (secondary) at most once.
    pub fn with_secondary(columns: usize, primary: usize, rows: &[Vec<u32>]) -> Dlx {
        assert!(rows.iter().all(|r| !r.is_empty()), "rows are not empty");
        let n = 1 + columns + rows.iter().map(Vec::len).sum::<usize>();
        let mut x = Dlx {
            l: Vec::with_capacity(n),
            r: Vec::with_capacity(n),
            u: Vec::with_capacity(n),
            d: Vec::with_capacity(n),
            col: Vec::with_capacity(n),
            row: Vec::with_capacity(n),
            size: vec![0; columns + 1],
        };
        for i in 0..=columns as u32 {
            // Secondary headers link to themselves: the search never chooses them.
            if i as usize > primary {
                x.l.push(i);
                x.r.push(i);
            } else {
                x.l.push(if i == 0 { primary as u32 } else { i - 1 });
                x.r.push(if i as usize == primary { 0 } else { i + 1 });
            }
            x.u.push(i);
            x.d.push(i);
            x.col.push(i);
            x.row.push(u32::MAX);
        }
        for (ri, cols) in rows.iter().enumerate() {
            let first = x.l.len() as u32;
            for (j, &c) in cols.iter().enumerate() {
                let h = c + 1;
                let me = x.l.len() as u32;
                x.l.push(if j == 0 {
                    first + cols.len() as u32 - 1
                } else {
                    me - 1
                });
                x.r.push(if j + 1 == cols.len() { first } else { me + 1 });
                let up = x.u[h as usize];
                x.u.push(up);
                x.d.push(h);
                x.d[up as usize] = me;
                x.u[h as usize] = me;
                x.col.push(h);
                x.row.push(ri as u32);
                x.size[h as usize] += 1;
            }
        }
        x
    }

    fn cover(&mut self, c: u32) {
        let c = c as usize;
        let (lc, rc) = (self.l[c], self.r[c]);
        self.r[lc as usize] = rc;
        self.l[rc as usize] = lc;
        let mut i = self.d[c];
        while i as usize != c {
            let mut j = self.r[i as usize];
            while j != i {
                let (uj, dj) = (self.u[j as usize], self.d[j as usize]);
                self.d[uj as usize] = dj;
                self.u[dj as usize] = uj;
                self.size[self.col[j as usize] as usize] -= 1;
                j = self.r[j as usize];
            }
            i = self.d[i as usize];
        }
    }

    fn uncover(&mut self, c: u32) {
        let c = c as usize;
        let mut i = self.u[c];
        while i as usize != c {
            let mut j = self.l[i as usize];
            while j != i {
                self.size[self.col[j as usize] as usize] += 1;
                let (uj, dj) = (self.u[j as usize], self.d[j as usize]);
                self.d[uj as usize] = j;
                self.u[dj as usize] = j;
                j = self.l[j as usize];
            }
            i = self.u[i as usize];
        }
        let (lc, rc) = (self.l[c], self.r[c]);
        self.r[lc as usize] = c as u32;
        self.l[rc as usize] = c as u32;
    }

    /// Removes row `r` and the columns it covers from the problem before a search (the
    /// row is then part of every solution reported). Returns false if some column of the
    /// row is already gone.
    pub fn force(&mut self, row_nodes_of: u32) -> bool {
        // Find the row's first node.
        let Some(first) = (0..self.row.len()).find(|&i| self.row[i] == row_nodes_of) else {
            return false;
        };
        let mut j = first as u32;
        loop {
            let c = self.col[j as usize];
            // A covered column has been unlinked from the header list.
            if self.r[self.l[c as usize] as usize] != c {
                return false;
            }
            self.cover(c);
            j = self.r[j as usize];
            if j as usize == first {
                return true;
            }
        }
    }

    /// Every exact cover of the columns left, in the deterministic order of the
    /// branching rule: `visit(rows)` gets the rows chosen (not those forced) and returns
    /// whether to go on. Stops after `limit` nodes if given.
    ///
    /// Complexity: exponential in the worst case; each node costs the size of the rows it
    /// unlinks.
    pub fn search(&mut self, limit: Option<u64>, visit: &mut dyn FnMut(&[u32]) -> bool) -> Stats {
        let mut stats = Stats::default();
        let mut chosen = Vec::new();
        self.dfs(&mut chosen, limit.unwrap_or(u64::MAX), &mut stats, visit);
        stats
    }

    fn dfs(
        &mut self,
        chosen: &mut Vec<u32>,
        limit: u64,
        stats: &mut Stats,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> bool {
        if self.r[0] == 0 {
            stats.solutions += 1;
            if !visit(chosen) {
                stats.cut = true;
                return false;
            }
            return true;
        }
        // The column with the fewest rows left.
        let mut c = self.r[0];
        let mut best = self.size[c as usize];
        let mut j = self.r[c as usize];
        while j != 0 && best > 0 {
            if self.size[j as usize] < best {
                best = self.size[j as usize];
                c = j;
            }
            j = self.r[j as usize];
        }
        if best == 0 {
            return true;
        }
        self.cover(c);
        let mut go_on = true;
        let mut i = self.d[c as usize];
        while i != c {
            if stats.nodes >= limit {
                stats.cut = true;
                go_on = false;
                break;
            }
            stats.nodes += 1;
            chosen.push(self.row[i as usize]);
            let mut j = self.r[i as usize];
            while j != i {
                self.cover(self.col[j as usize]);
                j = self.r[j as usize];
            }
            go_on = self.dfs(chosen, limit, stats, visit);
            let mut j = self.l[i as usize];
            while j != i {
                self.uncover(self.col[j as usize]);
                j = self.l[j as usize];
            }
            chosen.pop();
            if !go_on {
                break;
            }
            i = self.d[i as usize];
        }
        self.uncover(c);
        go_on
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knuths_example() {
        // The example of the paper: columns A..G, six rows, one exact cover {1, 4, 5}
        // (0-based {0, 3, 4}).
        let rows = vec![
            vec![2, 4, 5],
            vec![0, 3, 6],
            vec![1, 2, 5],
            vec![0, 3],
            vec![1, 6],
            vec![3, 4, 6],
        ];
        let mut x = Dlx::new(7, &rows);
        let mut found = Vec::new();
        let s = x.search(None, &mut |r| {
            let mut r = r.to_vec();
            r.sort();
            found.push(r);
            true
        });
        assert_eq!(found, vec![vec![0, 3, 4]]);
        assert_eq!(s.solutions, 1);
        // The structure is restored: the same search again gives the same answer.
        assert_eq!(x.search(None, &mut |_| true).solutions, 1);
    }

    #[test]
    fn secondary_columns_are_covered_at_most_once() {
        // Primary 0, 1; secondary 2. Rows {0,2}, {1,2}, {0}, {1}: the covers are
        // {0,3}, {1,2}, {2,3} but not {0,1} (column 2 twice).
        let rows = vec![vec![0, 2], vec![1, 2], vec![0], vec![1]];
        let mut x = Dlx::with_secondary(3, 2, &rows);
        assert_eq!(x.search(None, &mut |_| true).solutions, 3);
    }

    #[test]
    fn forcing_a_row() {
        let rows = vec![vec![0, 1], vec![2], vec![0], vec![1, 2]];
        let mut x = Dlx::new(3, &rows);
        assert!(x.force(1));
        assert_eq!(x.search(None, &mut |_| true).solutions, 1);
    }
}
