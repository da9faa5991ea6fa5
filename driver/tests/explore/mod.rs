//! The explorer the protocol model checks share (`protocol_model.rs` for §9,
//! `protocol_model.rs` for §9b, `host-lib/tests/sender_model.rs` for §7c): runs one step
//! of a driver step machine on a copy of a state, and searches every interleaving
//! depth-first with memoised states, keeping the parent of each state (for traces) and, if
//! asked, every edge (for liveness).
#![allow(dead_code)] // each check uses part of it

use std::collections::HashMap;
use std::hash::Hash;

/// Runs one step of a driver step machine on a copy of `s`: `step` returns the step's result,
/// whether it waits (blocked on another party), and the first violation its memory saw.
/// `None`: the step waits, so the party is not enabled here; a waiting step must leave
/// everything as it was, or skipping it would be wrong.
pub fn driver_step<S: Copy + PartialEq, R>(
    s: &S,
    step: impl FnOnce(&mut S) -> (R, bool, Option<String>),
) -> Option<Result<(S, R), String>> {
    let mut n = *s;
    let (r, waits, violation) = step(&mut n);
    if let Some(v) = violation {
        return Some(Err(v));
    }
    if waits {
        return if n == *s { None } else { Some(Err("a waiting step changed the state".into())) };
    }
    Some(Ok((n, r)))
}

/// Every state reachable from the initial one (id 0).
pub struct Explored<S> {
    pub ids: HashMap<S, u32>,
    pub parent: Vec<u32>,
    /// Edges (to, from), if kept.
    pub edges: Vec<(u32, u32)>,
    /// States with no successor.
    pub finals: usize,
}

/// Explores every interleaving from `init`: `succ` lists a state's successors (or the
/// violation a step hit), `check(s, terminal)` judges each state as it is expanded. The
/// first violation comes back with the trace that leads to it (`describe` shows a state).
pub fn explore<S: Clone + Eq + Hash>(
    init: S,
    keep_edges: bool,
    mut succ: impl FnMut(&S, &mut Vec<Result<S, String>>),
    mut check: impl FnMut(&S, bool) -> Result<(), String>,
    describe: impl Fn(&S) -> String,
) -> Result<Explored<S>, String> {
    let mut g =
        Explored { ids: HashMap::from([(init.clone(), 0)]), parent: vec![u32::MAX], edges: Vec::new(), finals: 0 };
    let mut stack = vec![(init, 0u32)];
    let mut next = Vec::new();
    while let Some((s, i)) = stack.pop() {
        next.clear();
        succ(&s, &mut next);
        if next.is_empty() {
            g.finals += 1;
        }
        check(&s, next.is_empty()).map_err(|m| g.trace(i, m, &describe))?;
        for r in next.drain(..) {
            let n = r.map_err(|m| g.trace(i, m, &describe))?;
            let fresh = g.ids.len() as u32;
            let id = match g.ids.get(&n) {
                Some(&id) => id,
                None => {
                    g.ids.insert(n.clone(), fresh);
                    g.parent.push(i);
                    stack.push((n, fresh));
                    fresh
                }
            };
            if keep_edges {
                g.edges.push((id, i));
            }
        }
    }
    Ok(g)
}

impl<S: Clone + Eq + Hash> Explored<S> {
    /// A violation with the last states of the path that reached state `i`.
    pub fn trace(&self, mut i: u32, msg: String, describe: impl Fn(&S) -> String) -> String {
        let mut path = Vec::new();
        while i != u32::MAX && path.len() < 12 {
            path.push(i);
            i = self.parent[i as usize];
        }
        let by_id: HashMap<u32, &S> =
            self.ids.iter().filter(|(_, id)| path.contains(id)).map(|(s, &id)| (id, s)).collect();
        let lines: Vec<String> = path.iter().map(|id| describe(by_id[id])).collect();
        format!("{msg}\nlast states (newest first):\n{}", lines.join("\n"))
    }

    /// The first state (if any) from which no path leads to a state `goal` accepts: a
    /// backward search from the goal states over the kept edges.
    pub fn stuck(&mut self, goal: impl Fn(&S) -> bool) -> Option<u32> {
        let n = self.ids.len();
        let mut good = vec![false; n];
        let mut work = Vec::new();
        for (s, &id) in &self.ids {
            if goal(s) {
                good[id as usize] = true;
                work.push(id);
            }
        }
        self.edges.sort_unstable();
        let mut first = vec![0usize; n + 1];
        for &(to, _) in &self.edges {
            first[to as usize + 1] += 1;
        }
        for k in 0..n {
            first[k + 1] += first[k];
        }
        while let Some(k) = work.pop() {
            for &(_, p) in &self.edges[first[k as usize]..first[k as usize + 1]] {
                if !good[p as usize] {
                    good[p as usize] = true;
                    work.push(p);
                }
            }
        }
        good.iter().position(|g| !g).map(|k| k as u32)
    }
}
