/* Cactus in C: the compact state and the rule steps the compiled playouts share.
 *
 * cactus_rules.c mirrors cardtable.games.cactus.state's rule steps, cactus_greedy.c
 * the greedy bot, cactus_state.c reads and writes a CactusState, cactus.c runs the
 * playouts.
 */
#ifndef CARDTABLE_CACTUS_RULES_H
#define CARDTABLE_CACTUS_RULES_H

#include <Python.h>

#include "mt19937.h"

enum {
    LOOK_PHASE, TURN, DRAWN, TAKEN, PEEK_OWN_PHASE, PEEK_OPPONENT_PHASE, CHOOSE_PHASE,
    SWAP_PHASE, KING_PEEK, KING_SWAP, WINDOW, OVER
};
#define MAX_SEATS 8
#define MAX_SLOTS 16
#define DECK_SIZE 52
#define EMPTY (-1)
#define NO_SEAT (-1)
#define SEVEN 6
#define NINE 8
#define JACK 10
#define KING 12
/* Action codes: the order of cardtable.games.cactus.actions.action_index. */
enum {
    A_LOOK, A_CALL, A_DRAW, A_TAKE, A_DISCARD, A_KEEP, A_PASS, A_CLOSE,
    A_REPLACE = 8, A_PEEK_OWN = A_REPLACE + MAX_SLOTS, A_SWAP = A_PEEK_OWN + MAX_SLOTS,
    A_THROW = A_SWAP + MAX_SLOTS, A_PEEK_OPPONENT = A_THROW + MAX_SLOTS,
    A_CHOOSE = A_PEEK_OPPONENT + MAX_SEATS * MAX_SLOTS, A_CODES = A_CHOOSE + MAX_SEATS * MAX_SLOTS
};
/* The most legal actions: every card of seven opponents, or a window's throws. */
#define MAX_LEGAL ((MAX_SEATS - 1) * MAX_SLOTS + 1)

typedef struct {
    int n, lock_caller, king_optional, self_snap, caller_penalty, rounds;
    long target;
    int cards[MAX_SEATS][MAX_SLOTS];
    int seen[MAX_SEATS][MAX_SLOTS];
    int followed[MAX_SEATS][MAX_SLOTS];
    int len[MAX_SEATS];
    int draw[DECK_SIZE], ndraw;
    int discard[DECK_SIZE], ndiscard;
    int phase, current, holding, target_seat, target_slot, caller, turns_left, starter;
    long turn_number;
    int waiting[MAX_SEATS], nwaiting;
    int window_seats[MAX_SEATS], nwindow;
    int window_rank;
    int round, is_over, rounds_played;
    long totals[MAX_SEATS];
    RandomObject *rng; /* the state's generator */
    PyObject *round_scores; /* the state's list: rounds are appended to it */
} Cactus;

static inline int rank_of(int card) { return card >> 2; }

static inline int is_black_king(int card) { return rank_of(card) == KING && (card & 3) % 3 == 0; }

/* cards.VALUES */
static inline int value_of(int card)
{
    int rank = rank_of(card);
    if (rank == KING)
        return is_black_king(card) ? 15 : 0;
    return rank + 1 < 10 ? rank + 1 : 10;
}

int cactus_has_cards(const Cactus *g, int seat);
int cactus_can_draw(const Cactus *g);
int cactus_can_take(const Cactus *g, int seat);
/* _opponent_cards, as (seat, slot) pairs in seats[], slots[]; returns how many. */
int cactus_opponent_cards(const Cactus *g, int seat, int swap, int *seats, int *slots);
int cactus_any_opponent_card(const Cactus *g, int seat, int swap);
int cactus_knows(const Cactus *g, int seat, int owner, int slot);
/* The rule step of a legal action (its code): 0, or -1 with a Python error. */
int cactus_step(Cactus *g, int seat, int code);
/* legal_actions(seat), in its order, into codes; returns how many. */
int cactus_legal_actions(const Cactus *g, int seat, int *codes);
/* CactusGreedy.act's action code for seat. */
int cactus_greedy_act(const Cactus *g, int seat, double mean);
/* greedy.MEAN */
double cactus_deck_mean(void);
/* The state into g: 0, or -1 with a ValueError (the state cannot be played here) or
 * another error. */
int cactus_read_state(Cactus *g, PyObject *state);
int cactus_write_state(Cactus *g, PyObject *state);

#endif
