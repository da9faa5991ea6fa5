//! A rising clock edge without Verilator's input-combinational ("ico") region, made by
//! `build.rs` from the model's generated `eval` and used by the shims' `card_tick`.
//!
//! Verilator 5's `eval` first settles the logic fed by the top-level inputs (its "ico" region,
//! always once, however little changed), then runs the triggered regions ("act", "nba": here
//! the rising edge and what follows from it). The shims change inputs only in `eval` calls that
//! settle them, so when the clock rises the ico region has nothing to do: it recomputes the same
//! values from the same inputs — a quarter of the card's time per cycle. The rise function is
//! `eval` with that region cut out, followed by what the model's `eval_step` does after `eval`.
//!
//! The generated code is Verilator's own; its shape is checked exactly, and any other shape
//! (another Verilator version) gives no rise function: the shims then evaluate the edge as
//! before. Shared by `build.rs` and its test (`tests/rise.rs`).

/// The C++ of `{prefix}___024root___eval_rise` from `source` (a generated file holding
/// `{prefix}___024root___eval`), to append to that file; None if `eval` is not found or not of
/// the shape expected (its ico loop first, nothing else of the ico region after it).
pub fn rise_function(source: &str, prefix: &str) -> Option<String> {
    let head = format!("void {prefix}___024root___eval({prefix}___024root* vlSelf) {{\n");
    let start = source.find(&head)?;
    // Through its closing brace, the first at the start of a line.
    let len = source[start..].find("\n}\n")? + "\n}\n".len();
    let eval = &source[start..start + len];
    // The ico loop: from its counter's reset to the end of its `while` (the next line at its
    // indentation that closes a block).
    let ico_start = eval.find("    vlSelf->__VicoIterCount = 0U;\n")?;
    let loop_at = ico_start + eval[ico_start..].find("    while (__VicoContinue) {\n")?;
    let ico_end = loop_at + eval[loop_at..].find("\n    }\n")? + "\n    }\n".len();
    let ico = &eval[ico_start..ico_end];
    let calls = |name: &str| format!("{prefix}___024root___{name}(vlSelf);");
    if !ico.contains(&calls("eval_ico")) || ico.contains("__Vact") || ico.contains("__Vnba") {
        return None;
    }
    let rest = format!("{}{}", &eval[..ico_start], &eval[ico_end..]);
    // What is left: the triggered regions' loop, and of the ico region only its flag's
    // declaration (now unused).
    if rest.matches("Vico").count() != 1 || !rest.contains("__VnbaContinue") || !rest.contains(&calls("eval_nba")) {
        return None;
    }
    let body = rest.strip_prefix(&head)?.strip_suffix("}\n")?;
    Some(format!(
        "\n// Added by renq-verilated's build.rs (rise.rs): eval without the input-combinational region,\n\
         // for a rising clock edge with the inputs those of the last evaluation.\n\
         #include \"{prefix}__Syms.h\"\n\
         void {prefix}___024root___eval_rise({prefix}___024root* vlSelf) {{\n\
         {body}    \
         Verilated::endOfThreadMTask(vlSymsp->__Vm_evalMsgQp);\n    \
         Verilated::endOfEval(vlSymsp->__Vm_evalMsgQp);\n\
         }}\n"
    ))
}
