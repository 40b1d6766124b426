/* Cactus's playouts in C: cardtable.games.cactus.state's rule steps, step for step.
 *
 * Two policies, the two that searches roll out with: uniformly random legal actions
 * (CactusState.random_playout, the engine's loop) and the greedy bot
 * (cardtable.games.cactus.greedy, Bot.playout's loop). Each reads a CactusState into a
 * compact struct, plays exactly the moves the Python code would play (the same draws
 * from the same generators, over the same legal actions in the same order), logs each
 * one with the same pre-built entry, and writes the state back. A state the struct
 * cannot hold, or one from which the first step could not be taken, is refused before
 * anything changes (the functions return None and the caller runs the Python code).
 * Every function below names the Python method it mirrors.
 */
#include "cactus.h"

#include <string.h>

#include "mt19937.h"
#include "playout_io.h"
#include "state_io.h"

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
/* The greedy bot's constants (greedy.py): call at, call lead, a low card. */
#define CALL_AT 6.0
#define CALL_LEAD 12.0
#define LOW 3

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

static PyObject *entries; /* tuple: A_CODES * MAX_SEATS log entries (seat, action) */

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

static int has_cards(const Cactus *g, int seat)
{
    for (int i = 0; i < g->len[seat]; i++)
        if (g->cards[seat][i] != EMPTY)
            return 1;
    return 0;
}

static int can_draw(const Cactus *g) { return g->ndraw > 0 || g->ndiscard > 1; }

static int can_take(const Cactus *g, int seat) { return g->ndiscard > 0 && has_cards(g, seat); }

static int locked(const Cactus *g, int seat) { return g->lock_caller && seat == g->caller; }

static int all_seats(const Cactus *g) { return (1 << g->n) - 1; }

/* _opponent_cards, as (seat, slot) pairs in seats[], slots[]; returns how many. */
static int opponent_cards(const Cactus *g, int seat, int swap, int *seats, int *slots)
{
    int k = 0;
    for (int p = 0; p < g->n; p++) {
        if (p == seat || (swap && locked(g, p)))
            continue;
        for (int i = 0; i < g->len[p]; i++)
            if (g->cards[p][i] != EMPTY) {
                seats[k] = p;
                slots[k++] = i;
            }
    }
    return k;
}

static int any_opponent_card(const Cactus *g, int seat, int swap)
{
    int seats[MAX_LEGAL], slots[MAX_LEGAL];
    return opponent_cards(g, seat, swap, seats, slots) > 0;
}

/* _see */
static void see(Cactus *g, int seat, int owner, int slot)
{
    g->seen[owner][slot] |= 1 << seat;
    g->followed[owner][slot] &= ~(1 << seat);
}

/* engine.piles.reshuffle: the discard pile but its top card becomes the draw pile. */
static void reshuffle(Cactus *g)
{
    int top = g->discard[--g->ndiscard];
    int8_t pile[DECK_SIZE];
    for (int i = 0; i < g->ndiscard; i++)
        pile[i] = (int8_t)g->discard[i];
    mt_shuffle(g->rng, pile, g->ndiscard);
    for (int i = 0; i < g->ndiscard; i++)
        g->draw[i] = pile[i];
    g->ndraw = g->ndiscard;
    g->discard[0] = top;
    g->ndiscard = 1;
}

/* _clear_turn */
static void clear_turn(Cactus *g)
{
    g->holding = EMPTY;
    g->target_seat = g->target_slot = NO_SEAT;
    g->nwindow = g->nwaiting = 0;
    g->window_rank = NO_SEAT;
    g->phase = TURN;
}

/* _start_round */
static void start_round(Cactus *g)
{
    int8_t deck[DECK_SIZE];
    g->round++;
    for (int c = 0; c < DECK_SIZE; c++)
        deck[c] = (int8_t)c;
    mt_shuffle(g->rng, deck, DECK_SIZE);
    for (int p = 0; p < g->n; p++) {
        g->len[p] = 4;
        for (int i = 0; i < 4; i++) {
            g->cards[p][i] = deck[4 * p + i];
            g->seen[p][i] = g->followed[p][i] = 0;
        }
    }
    g->ndraw = DECK_SIZE - 4 * g->n;
    for (int i = 0; i < g->ndraw; i++)
        g->draw[i] = deck[4 * g->n + i];
    g->ndiscard = 0;
    clear_turn(g);
    g->caller = NO_SEAT;
    g->turns_left = 0;
    g->turn_number = 0;
    g->starter = g->starter == NO_SEAT ? 0 : (g->starter + 1) % g->n;
    g->current = g->starter;
    g->phase = LOOK_PHASE;
    g->nwaiting = g->n;
    for (int p = 0; p < g->n; p++)
        g->waiting[p] = p;
}

/* The seats of a simultaneous phase but this one, in their order. */
static void drop_waiting(Cactus *g, int seat)
{
    int k = 0;
    for (int i = 0; i < g->nwaiting; i++)
        if (g->waiting[i] != seat)
            g->waiting[k++] = g->waiting[i];
    g->nwaiting = k;
}

/* _end_round: score, the caller penalty, the match's end or the next deal. */
static int end_round(Cactus *g)
{
    long scores[MAX_SEATS];
    for (int p = 0; p < g->n; p++) {
        scores[p] = 0;
        for (int i = 0; i < g->len[p]; i++)
            if (g->cards[p][i] != EMPTY)
                scores[p] += value_of(g->cards[p][i]);
    }
    int c = g->caller, penalized = 0;
    if (g->caller_penalty > 0)
        for (int p = 0; p < g->n; p++)
            if (p != c && scores[p] <= scores[c])
                penalized = 1;
    if (penalized)
        scores[c] += g->caller_penalty;
    long high = 0;
    if (record_round(g->round_scores, g->n, scores, g->totals, &high) < 0)
        return -1;
    g->rounds_played++;
    clear_turn(g);
    if (g->rounds ? g->round >= g->rounds : high >= g->target) { /* _match_done */
        g->is_over = 1;
        g->phase = OVER;
        return 0;
    }
    start_round(g);
    return 0;
}

/* _end_turn: the last turns after a call, then the next playable turn. */
static int end_turn(Cactus *g)
{
    int seat = g->current;
    for (;;) {
        if (g->caller != NO_SEAT && seat != g->caller && --g->turns_left == 0)
            return end_round(g);
        seat = (seat + 1) % g->n;
        clear_turn(g);
        g->current = seat;
        if (g->caller == NO_SEAT || can_draw(g) || can_take(g, seat)) {
            g->turn_number++;
            return 0;
        }
    }
}

static int close_window(Cactus *g)
{
    g->nwindow = g->nwaiting = 0;
    g->window_rank = NO_SEAT;
    return end_turn(g);
}

/* _open_window: the seats that may throw on the card that just landed, if any. */
static int open_window(Cactus *g)
{
    g->target_seat = g->target_slot = NO_SEAT;
    int k = 0;
    for (int p = 0; p < g->n; p++)
        if ((g->self_snap || p != g->current) && has_cards(g, p) && g->len[p] < MAX_SLOTS)
            g->window_seats[k++] = p;
    if (!k)
        return end_turn(g);
    g->phase = WINDOW;
    g->nwindow = g->nwaiting = k;
    memcpy(g->waiting, g->window_seats, sizeof(int) * (size_t)k);
    g->window_rank = rank_of(g->discard[g->ndiscard - 1]);
    return 0;
}

/* _discard: the drawn card goes face up; its effect, if it can be used. */
static int discard_drawn(Cactus *g, int seat)
{
    int played = g->holding;
    g->discard[g->ndiscard++] = played;
    g->holding = EMPTY;
    int rank = rank_of(played), phase, possible;
    if (rank == SEVEN || rank == SEVEN + 1) {
        phase = PEEK_OWN_PHASE;
        possible = has_cards(g, seat);
    } else if (rank == NINE || rank == NINE + 1) {
        phase = PEEK_OPPONENT_PHASE;
        possible = any_opponent_card(g, seat, 0);
    } else if (rank == JACK || rank == JACK + 1) {
        phase = CHOOSE_PHASE;
        possible = has_cards(g, seat) && any_opponent_card(g, seat, 1);
    } else if (is_black_king(played)) {
        phase = KING_PEEK;
        possible = any_opponent_card(g, seat, 0);
    } else {
        return open_window(g);
    }
    if (!possible)
        return open_window(g);
    g->phase = phase;
    return 0;
}

/* _throw, with _penalty and _acted */
static int throw_card(Cactus *g, int seat, int slot)
{
    int thrown = g->cards[seat][slot];
    if (rank_of(thrown) == g->window_rank) {
        g->cards[seat][slot] = EMPTY;
        g->seen[seat][slot] = g->followed[seat][slot] = 0;
        g->discard[g->ndiscard++] = thrown;
        return close_window(g);
    }
    g->seen[seat][slot] = all_seats(g);
    g->followed[seat][slot] = 0;
    if (!g->ndraw && g->ndiscard >= 2)
        reshuffle(g);
    if (g->ndraw) { /* a waiting seat has fewer than MAX_SLOTS slots (_can_throw) */
        int i = g->len[seat]++;
        g->cards[seat][i] = g->draw[--g->ndraw];
        g->seen[seat][i] = g->followed[seat][i] = 0;
    }
    drop_waiting(g, seat);
    return g->nwaiting ? 0 : close_window(g);
}

/* _swap: the cards change places and their knowers follow them. */
static int swap_cards(Cactus *g, int seat, int slot)
{
    int p = g->target_seat, t = g->target_slot;
    int mine = g->cards[seat][slot];
    g->cards[seat][slot] = g->cards[p][t];
    g->cards[p][t] = mine;
    int looked = g->phase == KING_SWAP;
    int given = g->seen[seat][slot], taken = g->seen[p][t];
    g->seen[seat][slot] = taken;
    g->seen[p][t] = given;
    g->followed[seat][slot] = looked ? taken & ~(1 << seat) : taken;
    g->followed[p][t] = given;
    return open_window(g);
}

/* The handler of _HANDLERS for (phase, action): the action is legal. */
static int step(Cactus *g, int seat, int code)
{
    if (code == A_LOOK) { /* _look */
        for (int slot = 0; slot < 2; slot++)
            if (g->cards[seat][slot] != EMPTY)
                see(g, seat, seat, slot);
        drop_waiting(g, seat);
        if (!g->nwaiting) {
            g->phase = TURN;
            g->turn_number = 1;
        }
        return 0;
    }
    if (code == A_CALL) {
        g->caller = seat;
        g->turns_left = g->n - 1;
        return end_turn(g);
    }
    if (code == A_DRAW) {
        if (!g->ndraw)
            reshuffle(g);
        g->holding = g->draw[--g->ndraw];
        g->phase = DRAWN;
        return 0;
    }
    if (code == A_TAKE) {
        g->holding = g->discard[--g->ndiscard];
        g->phase = TAKEN;
        return 0;
    }
    if (code == A_DISCARD)
        return discard_drawn(g, seat);
    if (code == A_KEEP)
        return open_window(g);
    if (code == A_PASS) {
        drop_waiting(g, seat);
        return g->nwaiting ? 0 : close_window(g);
    }
    if (code < A_PEEK_OWN) { /* _replace */
        int slot = code - A_REPLACE, old = g->cards[seat][slot];
        g->cards[seat][slot] = g->holding;
        g->seen[seat][slot] = g->phase == TAKEN ? all_seats(g) : 1 << seat;
        g->followed[seat][slot] = 0;
        g->discard[g->ndiscard++] = old;
        g->holding = EMPTY;
        return open_window(g);
    }
    if (code < A_SWAP) { /* _peek_own */
        see(g, seat, seat, code - A_PEEK_OWN);
        return open_window(g);
    }
    if (code < A_THROW)
        return swap_cards(g, seat, code - A_SWAP);
    if (code < A_PEEK_OPPONENT)
        return throw_card(g, seat, code - A_THROW);
    int p = (code - A_PEEK_OPPONENT) / MAX_SLOTS % MAX_SEATS, slot = (code - A_PEEK_OPPONENT) % MAX_SLOTS;
    if (code >= A_CHOOSE) { /* _choose */
        g->target_seat = p;
        g->target_slot = slot;
        g->phase = SWAP_PHASE;
        return 0;
    }
    see(g, seat, p, slot); /* _peek_opponent */
    if (g->phase == KING_PEEK && !locked(g, p) && has_cards(g, seat)) {
        g->target_seat = p;
        g->target_slot = slot;
        g->phase = KING_SWAP;
        return 0;
    }
    return open_window(g);
}

/* legal_actions(seat), in its order; returns how many. */
static int legal_actions(const Cactus *g, int seat, int *codes)
{
    int m = 0, seats[MAX_LEGAL], slots[MAX_LEGAL];
    const int *row = g->cards[seat];
    switch (g->phase) {
    case WINDOW:
        for (int i = 0; i < g->len[seat]; i++)
            if (row[i] != EMPTY)
                codes[m++] = A_THROW + i;
        codes[m++] = A_PASS;
        return m;
    case LOOK_PHASE:
        codes[m++] = A_LOOK;
        return m;
    case TURN:
        if (g->caller == NO_SEAT)
            codes[m++] = A_CALL;
        if (can_draw(g))
            codes[m++] = A_DRAW;
        if (can_take(g, seat))
            codes[m++] = A_TAKE;
        return m;
    case PEEK_OPPONENT_PHASE:
    case KING_PEEK:
    case CHOOSE_PHASE: {
        int swap = g->phase == CHOOSE_PHASE, base = swap ? A_CHOOSE : A_PEEK_OPPONENT;
        int k = opponent_cards(g, seat, swap, seats, slots);
        for (int j = 0; j < k; j++)
            codes[m++] = base + seats[j] * MAX_SLOTS + slots[j];
        return m;
    }
    default:
        break;
    }
    int base = g->phase == PEEK_OWN_PHASE ? A_PEEK_OWN
        : (g->phase == DRAWN || g->phase == TAKEN) ? A_REPLACE : A_SWAP;
    for (int i = 0; i < g->len[seat]; i++)
        if (row[i] != EMPTY)
            codes[m++] = base + i;
    if (g->phase == DRAWN)
        codes[m++] = A_DISCARD;
    if (g->phase == KING_SWAP && g->king_optional)
        codes[m++] = A_KEEP;
    return m;
}

/* ------------------------------------------------------------ the greedy bot */

/* greedy.MEAN: the mean value of the deck. */
static double deck_mean(void)
{
    int sum = 0;
    for (int c = 0; c < DECK_SIZE; c++)
        sum += value_of(c);
    return (double)sum / DECK_SIZE;
}

/* greedy._Layout: one layout as seat knows it. */
typedef struct {
    int slots[MAX_SLOTS], nslots;
    int known[MAX_SLOTS], value[MAX_SLOTS], nknown; /* known slots with their values */
    int unknown[MAX_SLOTS], nunknown;
    double estimate;
} Layout;

static void read_layout(const Cactus *g, int seat, int owner, double mean, Layout *l)
{
    int sum = 0;
    l->nslots = l->nknown = l->nunknown = 0;
    for (int i = 0; i < g->len[owner]; i++) {
        int c = g->cards[owner][i];
        if (c == EMPTY)
            continue;
        l->slots[l->nslots++] = i;
        if (g->seen[owner][i] >> seat & 1) {
            l->known[l->nknown] = i;
            l->value[l->nknown++] = value_of(c);
            sum += value_of(c);
        } else {
            l->unknown[l->nunknown++] = i;
        }
    }
    /* int + float, as Python adds them: the product is rounded before the sum (volatile
     * keeps a compiler from fusing the two into one multiply-add). */
    volatile double unknowns = mean * l->nunknown;
    l->estimate = (double)sum + unknowns;
}

static double worth(const Layout *l, int slot, double mean)
{
    for (int k = 0; k < l->nknown; k++)
        if (l->known[k] == slot)
            return l->value[k];
    return mean;
}

/* highest_slot: the first slot of the highest worth. */
static int highest_slot(const Layout *l, double mean)
{
    int best = l->slots[0];
    double high = worth(l, best, mean);
    for (int k = 1; k < l->nslots; k++) {
        double w = worth(l, l->slots[k], mean);
        if (w > high) {
            high = w;
            best = l->slots[k];
        }
    }
    return best;
}

/* slot_for: where a card worth value is worth keeping, or -1. */
static int slot_for(const Layout *l, int value, double mean)
{
    if (l->nknown) {
        int best = 0;
        for (int k = 1; k < l->nknown; k++)
            if (l->value[k] > l->value[best])
                best = k;
        if (value < l->value[best] && (l->value[best] >= mean || !l->nunknown))
            return l->known[best];
    }
    if (l->nunknown && value <= LOW)
        return l->unknown[0];
    return -1;
}

static int knows(const Cactus *g, int seat, int owner, int slot)
{
    return (g->seen[owner][slot] >> seat & 1) && g->cards[owner][slot] != EMPTY;
}

/* CactusGreedy._turn */
static int greedy_turn(const Cactus *g, int seat, const Layout *own, double mean)
{
    if (g->caller == NO_SEAT) {
        double low = 0;
        int first = 1;
        for (int p = 0; p < g->n; p++) {
            if (p == seat)
                continue;
            Layout rival;
            read_layout(g, seat, p, mean, &rival);
            if (first || rival.estimate < low)
                low = rival.estimate;
            first = 0;
        }
        if (own->estimate <= CALL_AT || own->estimate + CALL_LEAD <= low)
            return A_CALL;
    }
    if (can_take(g, seat) && slot_for(own, value_of(g->discard[g->ndiscard - 1]), mean) >= 0)
        return A_TAKE;
    if (can_draw(g))
        return A_DRAW;
    return g->caller == NO_SEAT ? A_CALL : A_TAKE; /* legal[0] */
}

/* CactusGreedy's targets: the lowest known opponent card to swap for, else the
 * first unknown one, else the first. */
static int greedy_target(const Cactus *g, int seat)
{
    int swap = g->phase == CHOOSE_PHASE, seats[MAX_LEGAL], slots[MAX_LEGAL];
    int k = opponent_cards(g, seat, swap, seats, slots), pick = -1;
    if (swap) /* _lowest_known */
        for (int j = 0; j < k; j++)
            if (knows(g, seat, seats[j], slots[j])
                && (pick < 0
                    || value_of(g->cards[seats[j]][slots[j]])
                        < value_of(g->cards[seats[pick]][slots[pick]])))
                pick = j;
    if (pick < 0) {
        pick = 0;
        for (int j = 0; j < k; j++)
            if (!knows(g, seat, seats[j], slots[j])) {
                pick = j;
                break;
            }
    }
    int base = swap ? A_CHOOSE : A_PEEK_OPPONENT;
    return base + seats[pick] * MAX_SLOTS + slots[pick];
}

/* CactusGreedy.act */
static int greedy_act(const Cactus *g, int seat, double mean)
{
    int phase = g->phase;
    if (phase == LOOK_PHASE)
        return A_LOOK;
    if (phase == WINDOW) { /* _throw */
        for (int i = 0; i < g->len[seat]; i++) {
            int c = g->cards[seat][i];
            if (c != EMPTY && rank_of(c) == g->window_rank && knows(g, seat, seat, i))
                return A_THROW + i;
        }
        return A_PASS;
    }
    Layout own;
    read_layout(g, seat, seat, mean, &own);
    if (phase == TURN)
        return greedy_turn(g, seat, &own, mean);
    if (phase == DRAWN || phase == TAKEN) {
        int slot = slot_for(&own, value_of(g->holding), mean);
        if (slot >= 0)
            return A_REPLACE + slot;
        return phase == DRAWN ? A_DISCARD : A_REPLACE + highest_slot(&own, mean);
    }
    if (phase == PEEK_OWN_PHASE)
        return A_PEEK_OWN + (own.nunknown ? own.unknown[0] : own.slots[0]);
    if (phase == PEEK_OPPONENT_PHASE || phase == KING_PEEK || phase == CHOOSE_PHASE)
        return greedy_target(g, seat);
    int give = highest_slot(&own, mean); /* SWAP_PHASE, KING_SWAP */
    if (phase == KING_SWAP && g->king_optional
        && value_of(g->cards[g->target_seat][g->target_slot]) >= worth(&own, give, mean))
        return A_KEEP;
    return A_SWAP + give;
}

/* ------------------------------------------------------------ the playout loop */

/* State.random_playout's loop (greedy: Bot.playout's): the acting seat drawn among
 * to_act when several may act, then the policy's action. */
static long play(Cactus *g, RandomObject *rng, int until_round_end, int greedy, PyObject *append)
{
    long applied = 0;
    int codes[MAX_LEGAL];
    double mean = deck_mean();
    while (!g->is_over && !(until_round_end && g->rounds_played)) {
        int seat = g->current;
        if (g->phase == WINDOW || g->phase == LOOK_PHASE)
            seat = g->waiting[g->nwaiting == 1 ? 0 : mt_index(rng, g->nwaiting)];
        int code;
        if (greedy) {
            code = greedy_act(g, seat, mean);
        } else {
            int m = legal_actions(g, seat, codes);
            code = codes[mt_index(rng, m)];
        }
        if (log_append(append, PyTuple_GET_ITEM(entries, code * MAX_SEATS + seat)) < 0)
            return -1;
        if (step(g, seat, code) < 0)
            return -1;
        applied++;
    }
    return applied;
}

/* ------------------------------------------------------------ state in and out */

/* A reason the state cannot be played here: raised as ValueError, which the entry
 * points turn into None (the Python code plays it). */
static int refuse(const char *why)
{
    PyErr_SetString(PyExc_ValueError, why);
    return -1;
}

/* A sequence of at most max ints in lo..hi into out; its length, -1 on error. */
static int read_ints(PyObject *seq, int tuple, int max, int lo, int hi, int *out)
{
    if (tuple ? !PyTuple_Check(seq) : !PyList_Check(seq))
        return refuse(tuple ? "not a tuple" : "not a list");
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > max)
        return refuse("too long");
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyLong_Check(items[i]))
            return refuse("not an int");
        long v = PyLong_AsLong(items[i]);
        if (v == -1 && PyErr_Occurred())
            return -1;
        if (v < lo || v > hi)
            return refuse("out of range");
        out[i] = (int)v;
    }
    return (int)n;
}

static int read_attr(PyObject *state, const char *name, int tuple, int max, int lo, int hi, int *out)
{
    PyObject *value = get_attr(state, name);
    if (value == NULL)
        return -1;
    int n = read_ints(value, tuple, max, lo, hi, out);
    Py_DECREF(value);
    return n;
}

/* A list of n rows of at most MAX_SLOTS ints in lo..hi; the rows' lengths into len. */
static int read_rows(PyObject *state, const char *name, int n, int lo, int hi, int out[][MAX_SLOTS], int *len)
{
    PyObject *rows = get_attr(state, name);
    if (rows == NULL)
        return -1;
    int rc = PyList_Check(rows) && PyList_GET_SIZE(rows) == n ? 0 : refuse("a row per seat");
    for (int p = 0; p < n && rc == 0; p++) {
        int k = read_ints(PyList_GET_ITEM(rows, p), 0, MAX_SLOTS, lo, hi, out[p]);
        if (k < 0)
            rc = -1;
        else if (len[p] < 0)
            len[p] = k;
        else if (len[p] != k)
            rc = refuse("rows of other lengths than the layouts'");
    }
    Py_DECREF(rows);
    return rc;
}

static int read_options(Cactus *g, PyObject *state)
{
    PyObject *options = get_attr(state, "options");
    if (options == NULL)
        return -1;
    int ok = get_int(options, "lock_caller", &g->lock_caller) == 0
        && get_int(options, "black_king_swap_optional", &g->king_optional) == 0
        && get_int(options, "self_snap", &g->self_snap) == 0
        && get_int(options, "caller_penalty", &g->caller_penalty) == 0
        && get_long(options, "target_score", &g->target) == 0
        && get_int_or_none(options, "rounds", &g->rounds, 0) == 0;
    Py_DECREF(options);
    if (!ok)
        return -1;
    if (g->caller_penalty < 0 || g->caller_penalty > 1000000 || g->rounds < 0)
        return refuse("options out of range");
    return 0;
}

/* Whether the first step can be taken as the rules take it (later states follow from
 * the rules, which keep these true). */
static int check_playable(const Cactus *g)
{
    if (g->is_over)
        return 0;
    int seat = g->current, phase = g->phase;
    if (phase == WINDOW || phase == LOOK_PHASE) {
        if (!g->nwaiting)
            return refuse("nobody to act");
        for (int i = 0; i < g->nwaiting; i++) {
            int p = g->waiting[i];
            if (phase == LOOK_PHASE ? g->len[p] < 2 : g->len[p] >= MAX_SLOTS)
                return refuse("a waiting seat without its slots");
        }
        return phase == WINDOW && g->window_rank < 0 ? refuse("a window without a rank") : 0;
    }
    int effect = phase >= PEEK_OWN_PHASE && phase <= KING_SWAP;
    if (phase == OVER || (effect && !g->ndiscard))
        return refuse("no effect card");
    if (phase == TURN && g->caller != NO_SEAT && !can_draw(g) && !can_take(g, seat))
        return refuse("nothing to do");
    if ((phase == DRAWN || phase == TAKEN) && g->holding == EMPTY)
        return refuse("no card in hand");
    if ((phase == TAKEN || phase == PEEK_OWN_PHASE || phase == CHOOSE_PHASE || phase == SWAP_PHASE
            || phase == KING_SWAP)
        && !has_cards(g, seat))
        return refuse("no own card");
    if ((phase == PEEK_OPPONENT_PHASE || phase == KING_PEEK || phase == CHOOSE_PHASE)
        && !any_opponent_card(g, seat, phase == CHOOSE_PHASE))
        return refuse("no opponent card");
    if (phase == SWAP_PHASE || phase == KING_SWAP) {
        int p = g->target_seat, t = g->target_slot;
        if (p < 0 || p >= g->n || p == seat || t < 0 || t >= g->len[p] || g->cards[p][t] == EMPTY)
            return refuse("no card to swap with");
    }
    return 0;
}

static int read_state(Cactus *g, PyObject *state)
{
    if (read_options(g, state) < 0 || get_int(state, "num_players", &g->n) < 0)
        return -1;
    if (g->n < 2 || g->n > MAX_SEATS)
        return refuse("2 to 8 players");
    int n = g->n;
    for (int p = 0; p < n; p++)
        g->len[p] = -1;
    if (read_rows(state, "cards", n, EMPTY, DECK_SIZE - 1, g->cards, g->len) < 0
        || read_rows(state, "seen", n, 0, 255, g->seen, g->len) < 0
        || read_rows(state, "followed", n, 0, 255, g->followed, g->len) < 0
        || (g->ndraw = read_attr(state, "draw_pile", 0, DECK_SIZE, 0, DECK_SIZE - 1, g->draw)) < 0
        || (g->ndiscard = read_attr(state, "discard", 0, DECK_SIZE, 0, DECK_SIZE - 1, g->discard)) < 0
        || (g->nwaiting = read_attr(state, "waiting", 1, MAX_SEATS, 0, n - 1, g->waiting)) < 0
        || (g->nwindow = read_attr(state, "window_seats", 1, MAX_SEATS, 0, n - 1, g->window_seats)) < 0)
        return -1;
    int totals[MAX_SEATS];
    if (read_attr(state, "totals", 0, MAX_SEATS, -1000000000, 1000000000, totals) != n)
        return PyErr_Occurred() ? -1 : refuse("a total per seat");
    for (int p = 0; p < n; p++)
        g->totals[p] = totals[p];
    if (get_int(state, "phase", &g->phase) < 0 || get_int(state, "current", &g->current) < 0
        || get_int(state, "holding", &g->holding) < 0
        || get_int(state, "target_seat", &g->target_seat) < 0
        || get_int(state, "target_slot", &g->target_slot) < 0
        || get_int(state, "caller", &g->caller) < 0
        || get_int(state, "turns_left", &g->turns_left) < 0
        || get_long(state, "turn_number", &g->turn_number) < 0
        || get_int(state, "starter", &g->starter) < 0
        || get_int(state, "window_rank", &g->window_rank) < 0
        || get_int(state, "round", &g->round) < 0 || get_int(state, "is_over", &g->is_over) < 0)
        return -1;
    int cards = g->ndraw + g->ndiscard + (g->holding != EMPTY);
    for (int p = 0; p < n; p++)
        for (int i = 0; i < g->len[p]; i++)
            cards += g->cards[p][i] != EMPTY;
    if (cards > DECK_SIZE || g->phase < 0 || g->phase > OVER || g->current < 0 || g->current >= n
        || g->holding < EMPTY || g->holding >= DECK_SIZE || g->caller < NO_SEAT || g->caller >= n
        || (!g->is_over && g->caller != NO_SEAT && (g->turns_left < 1 || g->turns_left >= n))
        || g->starter < NO_SEAT || g->starter >= n || g->window_rank < NO_SEAT || g->window_rank > KING
        || g->round < 0 || g->round > 1000000000)
        return refuse("a state out of the rules' range");
    g->rounds_played = 0;
    return check_playable(g);
}

static PyObject *int_sequence(int tuple, int n, const int *values)
{
    PyObject *seq = tuple ? PyTuple_New(n) : PyList_New(n);
    if (seq == NULL)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(values[i]); /* small ints: cached */
        if (v == NULL) {
            Py_DECREF(seq);
            return NULL;
        }
        if (tuple)
            PyTuple_SET_ITEM(seq, i, v);
        else
            PyList_SET_ITEM(seq, i, v);
    }
    return seq;
}

static int set_sequence(PyObject *state, const char *name, int tuple, int n, const int *values)
{
    PyObject *seq = int_sequence(tuple, n, values);
    if (seq == NULL)
        return -1;
    int rc = set_attr(state, name, seq);
    Py_DECREF(seq);
    return rc;
}

static int set_row_lists(PyObject *state, const char *name, const Cactus *g, int rows[][MAX_SLOTS])
{
    PyObject *list = PyList_New(g->n);
    if (list == NULL)
        return -1;
    for (int p = 0; p < g->n; p++) {
        PyObject *row = int_sequence(0, g->len[p], rows[p]);
        if (row == NULL) {
            Py_DECREF(list);
            return -1;
        }
        PyList_SET_ITEM(list, p, row);
    }
    int rc = set_attr(state, name, list);
    Py_DECREF(list);
    return rc;
}

static int write_state(Cactus *g, PyObject *state)
{
    long totals[MAX_SEATS];
    memcpy(totals, g->totals, sizeof totals);
    if (set_row_lists(state, "cards", g, g->cards) < 0
        || set_row_lists(state, "seen", g, g->seen) < 0
        || set_row_lists(state, "followed", g, g->followed) < 0
        || set_sequence(state, "draw_pile", 0, g->ndraw, g->draw) < 0
        || set_sequence(state, "discard", 0, g->ndiscard, g->discard) < 0
        || set_sequence(state, "waiting", 1, g->nwaiting, g->waiting) < 0
        || set_sequence(state, "window_seats", 1, g->nwindow, g->window_seats) < 0
        || set_longs(state, "totals", g->n, totals) < 0 || set_int(state, "phase", g->phase) < 0
        || set_int(state, "current", g->current) < 0 || set_int(state, "holding", g->holding) < 0
        || set_int(state, "target_seat", g->target_seat) < 0
        || set_int(state, "target_slot", g->target_slot) < 0
        || set_int(state, "caller", g->caller) < 0 || set_int(state, "turns_left", g->turns_left) < 0
        || set_int(state, "starter", g->starter) < 0
        || set_int(state, "window_rank", g->window_rank) < 0 || set_int(state, "round", g->round) < 0)
        return -1;
    PyObject *turn = PyLong_FromLong(g->turn_number);
    if (turn == NULL)
        return -1;
    int rc = set_attr(state, "turn_number", turn);
    Py_DECREF(turn);
    if (rc < 0 || !g->is_over)
        return rc;
    return set_match_over(state, g->n, g->totals);
}

PyObject *cactus_setup(PyObject *module, PyObject *table)
{
    (void)module;
    return keep_entries(&entries, table, A_CODES * MAX_SEATS, "cactus_setup");
}

/* The two entry points: read, play, write back; None for a state refused unchanged. */
static PyObject *run(PyObject *state, PyObject *state_rng, PyObject *rng, int until_round_end, int greedy)
{
    if (entries == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "cactus_setup has not been called");
        return NULL;
    }
    if (check_random(state_rng) < 0 || check_random(rng) < 0)
        return NULL;
    Cactus g;
    if (read_state(&g, state) < 0) {
        if (!PyErr_ExceptionMatches(PyExc_ValueError) && !PyErr_ExceptionMatches(PyExc_TypeError)
            && !PyErr_ExceptionMatches(PyExc_OverflowError)
            && !PyErr_ExceptionMatches(PyExc_AttributeError))
            return NULL;
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    g.rng = (RandomObject *)state_rng;
    PyObject *append;
    if (playout_targets(state, &append, &g.round_scores) < 0)
        return NULL;
    long applied = play(&g, (RandomObject *)rng, until_round_end, greedy, append);
    Py_DECREF(append);
    Py_DECREF(g.round_scores);
    if (applied < 0 || write_state(&g, state) < 0)
        return NULL;
    return PyLong_FromLong(applied);
}

PyObject *cactus_random_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "cactus_random_playout(state, state_rng, rng, until_round_end)");
        return NULL;
    }
    int until_round_end = PyObject_IsTrue(args[3]);
    if (until_round_end < 0)
        return NULL;
    return run(args[0], args[1], args[2], until_round_end, 0);
}

PyObject *cactus_greedy_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "cactus_greedy_playout(state, state_rng, chance)");
        return NULL;
    }
    return run(args[0], args[1], args[2], 1, 1);
}
