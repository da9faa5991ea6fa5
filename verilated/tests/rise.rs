//! `build.rs`'s rising edge without the input-combinational region (`rise.rs`): made from an
//! `eval` of the shape Verilator 5.006 generates, refused for any other shape — and, for the
//! Verilator this crate was built with, made for both models (this build's script output). That
//! the edge it makes is right is `same_as_rusthdl.rs`' and `paper_same_as_rusthdl.rs`' (every
//! output every cycle against RustHDL) and renq-sim's differential tests'.

#[path = "../rise.rs"]
mod rise;

/// `Vt`'s `eval` as Verilator 5.006 writes it (the paper card's, trimmed), in a file.
const SOURCE: &str = r#"#include "Vt___024root.h"

void Vt___024root___eval_triggers__act(Vt___024root* vlSelf);

void Vt___024root___eval(Vt___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vt__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    // Init
    CData/*0:0*/ __VicoContinue;
    VlTriggerVec<1> __VpreTriggered;
    IData/*31:0*/ __VnbaIterCount;
    CData/*0:0*/ __VnbaContinue;
    // Body
    vlSelf->__VicoIterCount = 0U;
    __VicoContinue = 1U;
    while (__VicoContinue) {
        __VicoContinue = 0U;
        Vt___024root___eval_triggers__ico(vlSelf);
        if (vlSelf->__VicoTriggered.any()) {
            __VicoContinue = 1U;
            vlSelf->__VicoIterCount = ((IData)(1U) 
                                       + vlSelf->__VicoIterCount);
            Vt___024root___eval_ico(vlSelf);
        }
    }
    __VnbaIterCount = 0U;
    __VnbaContinue = 1U;
    while (__VnbaContinue) {
        __VnbaContinue = 0U;
        vlSelf->__VnbaTriggered.clear();
        while (vlSelf->__VactContinue) {
            Vt___024root___eval_triggers__act(vlSelf);
        }
        if (vlSelf->__VnbaTriggered.any()) {
            __VnbaContinue = 1U;
            Vt___024root___eval_nba(vlSelf);
        }
    }
}

void Vt___024root___eval_debug_assertions(Vt___024root* vlSelf) {
}
"#;

#[test]
fn the_rise_is_eval_without_its_ico_loop() {
    let rise = rise::rise_function(SOURCE, "Vt").expect("the 5.006 shape is known");
    assert!(rise.contains("void Vt___024root___eval_rise(Vt___024root* vlSelf) {\n"), "{rise}");
    assert!(!rise.contains("eval_ico") && !rise.contains("__VicoIterCount"), "{rise}");
    for kept in ["Vt___024root___eval_nba(vlSelf);", "__VnbaContinue = 1U;", "VL_ATTR_UNUSED = vlSelf->vlSymsp;"] {
        assert!(rise.contains(kept), "{kept} missing from {rise}");
    }
    assert!(rise.trim_end().ends_with("Verilated::endOfEval(vlSymsp->__Vm_evalMsgQp);\n}"), "{rise}");
    assert!(rise.contains("#include \"Vt__Syms.h\""));
    assert_eq!(rise.matches('{').count(), rise.matches('}').count(), "unbalanced braces: {rise}");
    // The nba loop whole, closed at its indentation, then the epilogue and the function's close.
    let nba = &rise[rise.find("    while (__VnbaContinue) {").unwrap()..];
    assert!(nba.contains("            Vt___024root___eval_nba(vlSelf);\n        }\n    }\n    Verilated::"), "{rise}");
}

#[test]
fn any_other_shape_gives_no_rise() {
    assert_eq!(rise::rise_function(SOURCE, "Vother"), None, "another model's name");
    let no_loop = SOURCE.replace("    while (__VicoContinue) {\n", "    if (__VicoContinue) {\n");
    assert_eq!(rise::rise_function(&no_loop, "Vt"), None, "no ico loop");
    let ico_later =
        SOURCE.replace("    __VnbaIterCount = 0U;\n", "    __VnbaIterCount = 0U;\n    __VicoContinue = 1U;\n");
    assert_eq!(rise::rise_function(&ico_later, "Vt"), None, "the ico region used after its loop");
    let act_in_ico =
        SOURCE.replace("__VicoContinue = 0U;\n", "__VicoContinue = 0U;\n        vlSelf->__VactContinue = 1U;\n");
    assert_eq!(rise::rise_function(&act_in_ico, "Vt"), None, "the act region inside the ico loop");
    let no_nba = SOURCE.replace("Vt___024root___eval_nba(vlSelf);", "");
    assert_eq!(rise::rise_function(&no_nba, "Vt"), None, "no nba region");
}

/// With the Verilator this crate was built with (5.006 on the project's machines), both models
/// have the rise: the speed of the Verilator engines depends on it.
#[test]
fn this_build_has_the_rise_for_both_models() {
    if !renq_verilated::available() {
        panic!("this build has no Verilator model (bash scripts/setup)");
    }
    let version = std::process::Command::new(std::env::var("RENQ_VERILATOR").unwrap_or_else(|_| "verilator".into()))
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    if !version.starts_with("Verilator 5.006") {
        eprintln!("not checked: {version:?} is not the Verilator 5.006 the rise is known for");
        return;
    }
    assert_eq!(renq_verilated::rise_models(), ["VpaperTop", "Vtop"], "models with the rise");
}
