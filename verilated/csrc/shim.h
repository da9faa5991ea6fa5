// What both FFI shims share (card.cpp: the card's `renq_top`; paper_card.cpp: the paper card's
// `renq_paper_top`): a Verilator model in its own context, settled by `eval` and clocked by `tick`.
// Each shim defines its port structs and the X-macros RENQ_INPUTS / RENQ_OUTPUTS listing every
// field, then instantiates these templates.

#pragma once

#include <new>

#include "verilated.h"

namespace renq {

// Each card has its own context, so cards in different threads share no Verilator state.
template <class Top>
struct Card {
    VerilatedContext context;
    Top top;
    // The last eval saw the clock high: the falling edge is still to be evaluated. It is left
    // to the next eval, which settles new inputs at the same time (one eval per cycle saved;
    // the cards have only rising-edge logic, so the outputs do not change on the falling edge).
    bool fall_pending = false;
    Card() : context(), top(&context, "top") {}
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

// One rising edge with the inputs last applied.
template <class Top>
void card_tick(void* card) {
    Card<Top>* c = static_cast<Card<Top>*>(card);
    if (c->fall_pending) {  // two ticks in a row: Verilator must see the clock low in between
        c->top.clock = 0;
        c->top.eval();
    }
    c->top.clock = 1;
    c->top.eval();
    c->fall_pending = true;
}

}  // namespace renq
