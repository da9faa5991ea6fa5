// What both FFI shims share (paper_card.cpp: the paper card's `renq_paper_top`; card.cpp: the card's
// `renq_top`): a Verilator model in its own context, settled by `eval`, clocked by `tick`, or
// both in one call by `step`. Each shim defines its port structs and the X-macros RENQ_INPUTS /
// RENQ_OUTPUTS listing every field, then instantiates these templates.

#pragma once

#include <new>
#include <type_traits>
#include <utility>

#include "verilated.h"

namespace renq {

// Verilator 5 keeps the clock's value at the last evaluation in the model's root, to find the
// next rising edge: `__Vtrigrprev__TOP__clock` (5.006 and near it) or
// `__Vtrigprevexpr___TOP__clock__0` (later 5.x). Where one of them is there, the falling edge
// needs no evaluation (below); other versions evaluate it.
template <class R, class = void>
struct HasPrevA : std::false_type {};
template <class R>
struct HasPrevA<R, std::void_t<decltype(std::declval<R&>().__Vtrigrprev__TOP__clock)>> : std::true_type {};
template <class R, class = void>
struct HasPrevB : std::false_type {};
template <class R>
struct HasPrevB<R, std::void_t<decltype(std::declval<R&>().__Vtrigprevexpr___TOP__clock__0)>> : std::true_type {};

// Each card has its own context, so cards in different threads share no Verilator state.
template <class Top>
struct Card {
    VerilatedContext context;
    Top top;
    // The last eval saw the clock high: the falling edge is still to be evaluated. It is left
    // to the next eval, which settles new inputs at the same time (one eval per cycle saved;
    // the cards have only rising-edge logic, so the outputs do not change on the falling edge).
    // Only without the shortcut of `clock_low`.
    bool fall_pending = false;
    Card() : context(), top(&context, "top") {}
};

// The falling edge without an evaluation, where the model lets us: the cards' logic is all on
// the rising edge and nothing reads the clock's level, so a falling edge changes no signal —
// an evaluation of it only recomputes the combinational logic from unchanged values. Setting
// the clock and Verilator's record of it to 0 leaves the model exactly as that evaluation
// would. Returns false (nothing done) where the record is not reachable.
template <class Top>
bool clock_low(Top& top) {
    using Root = std::remove_const_t<std::remove_pointer_t<std::remove_const_t<decltype(top.rootp)>>>;
    if constexpr (HasPrevA<Root>::value) {
        top.clock = 0;
        top.rootp->__Vtrigrprev__TOP__clock = 0;
        return true;
    } else if constexpr (HasPrevB<Root>::value) {
        top.clock = 0;
        top.rootp->__Vtrigprevexpr___TOP__clock__0 = 0;
        return true;
    } else {
        return false;
    }
}

// The rising edge's evaluation: the model's `eval`, or — where build.rs made one for the model
// (rise.rs; the shim then specializes this) — `eval` without its input-combinational region,
// which has nothing to do on a rising edge here: inputs change only in `card_settle`, which
// settles them, so the region would recompute the same values from the same inputs.
template <class Top>
struct Rise {
    static void eval(Top& top) { top.eval(); }
};

// A card with every input 0, its initial blocks run and its logic settled; null if out of memory.
template <class Top>
void* card_new() {
    Card<Top>* c = new (std::nothrow) Card<Top>();
    if (c == nullptr) return nullptr;
    c->top.clock = 0;
    c->top.eval();
    return c;
}

template <class Top>
void card_free(void* card) {
    Card<Top>* c = static_cast<Card<Top>*>(card);
    c->top.final();
    delete c;
}

// Settles the logic with the clock low, after the caller set the inputs on `card_top`.
template <class Top>
void card_settle(void* card) {
    Card<Top>* c = static_cast<Card<Top>*>(card);
    c->top.clock = 0;
    c->top.eval();
    c->fall_pending = false;
}

template <class Top>
Top& card_top(void* card) {
    return static_cast<Card<Top>*>(card)->top;
}

// One rising edge with the inputs last applied; the clock is low again after it (or its fall
// left to the next settle).
template <class Top>
void card_tick(void* card) {
    Card<Top>* c = static_cast<Card<Top>*>(card);
    if (c->fall_pending) {  // two ticks in a row: Verilator must see the clock low in between
        c->top.clock = 0;
        c->top.eval();
    }
    c->top.clock = 1;
    Rise<Top>::eval(c->top);
    c->fall_pending = !clock_low(c->top);
}

}  // namespace renq
