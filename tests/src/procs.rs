//! Child processes of a multi-process test, killed by their own pids when dropped.

use std::io::{BufRead, BufReader, Lines};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};

pub struct Proc {
    pub name: String,
    child: Child,
    out: Lines<BufReader<ChildStdout>>,
}

impl Proc {
    pub fn spawn(name: &str, mut cmd: Command) -> Proc {
        let mut child = cmd.stdout(Stdio::piped()).spawn().unwrap_or_else(|e| panic!("spawn {name}: {e}"));
        let out = BufReader::new(child.stdout.take().unwrap()).lines();
        Proc { name: name.into(), child, out }
    }

    /// Next stdout line (panics at end of output).
    pub fn line(&mut self) -> String {
        match self.out.next() {
            Some(Ok(l)) => l,
            other => panic!("{}: no more output ({other:?})", self.name),
        }
    }

    /// Reads lines until one starts with `prefix`; returns it.
    pub fn expect(&mut self, prefix: &str) -> String {
        loop {
            let l = self.line();
            if l.starts_with(prefix) {
                return l;
            }
        }
    }

    /// Waits for the process to exit; true if it succeeded.
    pub fn wait_ok(&mut self) -> bool {
        self.child.wait().map(|s| s.success()).unwrap_or(false)
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A scratch directory for sockets, removed on drop.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(tag: &str) -> Scratch {
        let d = std::env::temp_dir().join(format!("renq-tests-{}-{tag}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Scratch(d)
    }

    pub fn sock(&self, node: u16) -> PathBuf {
        self.0.join(format!("card{node}.sock"))
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
