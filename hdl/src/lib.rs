//! The renq card in RustHDL: receiver FSM, sender, registers, links
