//! `cargo run --release -p renq-c --bin renq-c-install -- --prefix DIR`: installs the C
//! library into DIR as C users expect: `include/renq.h`, `lib/librenq.so`, `lib/librenq.a`,
//! `lib/pkgconfig/renq.pc` and `renq-static.pc` (then `cc app.c $(pkg-config --cflags --libs
//! renq)` with `PKG_CONFIG_PATH=DIR/lib/pkgconfig`; `renq-static` links librenq.a). The libraries are taken from the directory this
//! program was built into (cargo builds them with it); `--lib-dir` names another.

use std::path::{Path, PathBuf};

fn die(msg: &str) -> ! {
    eprintln!("renq-c-install: {msg}");
    std::process::exit(2)
}

/// What a program linked with librenq.a needs besides it (`rustc --print native-static-libs`).
const NATIVE_LIBS: &str = "-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc";

/// The pkg-config files of a prefix: `renq` (librenq.so) and `renq-static` (librenq.a: with
/// both in one directory, `-lrenq` would pick the shared one).
fn pc(prefix: &Path, name: &str, libs: &str, private: &str) -> String {
    format!(
        "prefix={}\nlibdir=${{prefix}}/lib\nincludedir=${{prefix}}/include\n\n\
         Name: {name}\nDescription: remote enqueue with one store (the renq card, or the RDMA fallback)\n\
         Version: {}\nLibs: {libs}\nLibs.private: {private}\nCflags: -I${{includedir}}\n",
        prefix.display(),
        env!("CARGO_PKG_VERSION")
    )
}

fn copy(from: &Path, to: &Path) {
    std::fs::copy(from, to).unwrap_or_else(|e| die(&format!("{} → {}: {e}", from.display(), to.display())));
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut prefix, mut lib_dir) = (None, None);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| die(&format!("{a} needs a value")));
        match a.as_str() {
            "--prefix" => prefix = Some(PathBuf::from(value())),
            "--lib-dir" => lib_dir = Some(PathBuf::from(value())),
            "-h" | "--help" => {
                println!("usage: renq-c-install --prefix DIR [--lib-dir DIR_WITH_LIBRENQ]");
                return;
            }
            _ => die(&format!("unknown argument {a:?} (--prefix DIR [--lib-dir DIR])")),
        }
    }
    let prefix = prefix.unwrap_or_else(|| die("--prefix DIR is required"));
    let prefix = std::path::absolute(&prefix).unwrap_or_else(|e| die(&format!("{}: {e}", prefix.display())));
    let lib_dir = lib_dir.unwrap_or_else(|| {
        let exe = std::env::current_exe().unwrap_or_else(|e| die(&format!("cannot find this program: {e}")));
        exe.parent().expect("a program is in a directory").to_path_buf()
    });
    let header = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/renq.h");
    for d in ["include", "lib/pkgconfig"] {
        std::fs::create_dir_all(prefix.join(d)).unwrap_or_else(|e| die(&format!("{}: {e}", prefix.display())));
    }
    copy(&header, &prefix.join("include/renq.h"));
    for lib in ["librenq.so", "librenq.a"] {
        copy(&lib_dir.join(lib), &prefix.join("lib").join(lib));
    }
    let files = [
        ("renq", pc(&prefix, "renq", "-L${libdir} -lrenq", NATIVE_LIBS)),
        ("renq-static", pc(&prefix, "renq-static", &format!("${{libdir}}/librenq.a {NATIVE_LIBS}"), "")),
    ];
    for (name, text) in files {
        let path = prefix.join(format!("lib/pkgconfig/{name}.pc"));
        std::fs::write(&path, text).unwrap_or_else(|e| die(&format!("{}: {e}", path.display())));
    }
    println!("installed renq.h, librenq.so, librenq.a, renq.pc and renq-static.pc into {}", prefix.display());
}
