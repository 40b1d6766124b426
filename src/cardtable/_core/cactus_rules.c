/* Cactus's rule steps in C: cardtable.games.cactus.state's, step for step (see
 * cactus_rules.h). Every function names the Python method it mirrors. */
#include "cactus_rules.h"

#include <string.h>

#include "playout_io.h"

int cactus_has_cards(const Cactus *g, int seat)
{
    for (int i = 0; i < g->len[seat]; i++)
        if (g->cards[seat][i] != EMPTY)
            return 1;
    return 0;
}

int cactus_can_draw(const Cactus *g) { return g->ndraw > 0 || g->ndiscard > 1; }

int cactus_can_take(const Cactus *g, int seat) { return g->ndiscard > 0 && cactus_has_cards(g, seat); }

static int locked(const Cactus *g, int seat) { return g->lock_caller && seat == g->caller; }

static int all_seats(const Cactus *g) { return (1 << g->n) - 1; }

/* _opponent_cards, as (seat, slot) pairs in seats[], slots[]; returns how many. */
int cactus_opponent_cards(const Cactus *g, int seat, int swap, int *seats, int *slots)
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

int cactus_any_opponent_card(const Cactus *g, int seat, int swap)
{
    int seats[MAX_LEGAL], slots[MAX_LEGAL];
    return cactus_opponent_cards(g, seat, swap, seats, slots) > 0;
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
        if (g->caller == NO_SEAT || cactus_can_draw(g) || cactus_can_take(g, seat)) {
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
        if ((g->self_snap || p != g->current) && cactus_has_cards(g, p) && g->len[p] < MAX_SLOTS)
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
        possible = cactus_has_cards(g, seat);
    } else if (rank == NINE || rank == NINE + 1) {
        phase = PEEK_OPPONENT_PHASE;
        possible = cactus_any_opponent_card(g, seat, 0);
    } else if (rank == JACK || rank == JACK + 1) {
        phase = CHOOSE_PHASE;
        possible = cactus_has_cards(g, seat) && cactus_any_opponent_card(g, seat, 1);
    } else if (is_black_king(played)) {
        phase = KING_PEEK;
        possible = cactus_any_opponent_card(g, seat, 0);
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
int cactus_step(Cactus *g, int seat, int code)
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
    if (g->phase == KING_PEEK && !locked(g, p) && cactus_has_cards(g, seat)) {
        g->target_seat = p;
        g->target_slot = slot;
        g->phase = KING_SWAP;
        return 0;
    }
    return open_window(g);
}

/* cactus_legal_actions(seat), in its order; returns how many. */
int cactus_legal_actions(const Cactus *g, int seat, int *codes)
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
        if (cactus_can_draw(g))
            codes[m++] = A_DRAW;
        if (cactus_can_take(g, seat))
            codes[m++] = A_TAKE;
        return m;
    case PEEK_OPPONENT_PHASE:
    case KING_PEEK:
    case CHOOSE_PHASE: {
        int swap = g->phase == CHOOSE_PHASE, base = swap ? A_CHOOSE : A_PEEK_OPPONENT;
        int k = cactus_opponent_cards(g, seat, swap, seats, slots);
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

int cactus_knows(const Cactus *g, int seat, int owner, int slot)
{
    return (g->seen[owner][slot] >> seat & 1) && g->cards[owner][slot] != EMPTY;
}
