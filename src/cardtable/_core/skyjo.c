/* Skyjo's random playout in C: cardtable.games.skyjo.state's rule steps, step for step.
 *
 * It reads a SkyjoState into a compact struct, plays exactly the moves the engine's
 * random playout would play (the same draws from the same generators, over the same
 * legal actions in the same order), logs each one with the same pre-built entry, and
 * writes the state back. Every function below names the Python method it mirrors.
 */
#include "skyjo.h"

#include <string.h>

#include "mt19937.h"
#include "playout_io.h"
#include "state_io.h"

PyObject *skyjo_entries; /* tuple: C_CODES * MAX_SEATS log entries (seat, action) */

static const int8_t DECK_VALUES[] = {-2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
static const int DECK_COUNTS[] = {5, 10, 15, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10};

/* _begin_turns */
static void begin_turns(Skyjo *g)
{
    int starter = g->starter;
    if (starter == NO_SEAT) {
        long best = 0;
        for (int p = 0; p < g->n; p++) {
            long sum = 0;
            for (int i = 0; i < SLOTS; i++)
                if (g->status[p][i] == UP)
                    sum += g->cards[p][i];
            if (p == 0 || sum > best) {
                best = sum;
                starter = p;
            }
        }
    }
    g->current = starter;
    g->phase = TURN;
}

/* _start_round */
static void start_round(Skyjo *g)
{
    int8_t deck[150];
    int size = 0;
    g->round++;
    for (int v = 0; v < 15; v++)
        for (int k = 0; k < DECK_COUNTS[v]; k++)
            deck[size++] = DECK_VALUES[v];
    mt_shuffle(g->rng, deck, size);
    for (int p = 0; p < g->n; p++) {
        memcpy(g->cards[p], deck + size - SLOTS * (p + 1), SLOTS);
        memset(g->status[p], DOWN, SLOTS);
        g->down[p] = SLOTS;
    }
    size -= SLOTS * g->n;
    g->discard[0] = deck[--size];
    g->ndiscard = 1;
    memcpy(g->draw, deck, size);
    g->ndraw = size;
    g->holding = NO_CARD;
    g->starter = g->finisher;
    g->finisher = NO_SEAT;
    g->turns_left = 0;
    g->current = NO_SEAT;
    for (int p = 0; p < g->n; p++)
        g->reveals_left[p] = g->initial_reveals;
    if (g->initial_reveals)
        g->phase = SETUP;
    else
        begin_turns(g);
}

/* _clear_lines: the column (and, with the option, the row) through pos. */
static void clear_lines(Skyjo *g, int seat, int pos)
{
    int8_t *cards = g->cards[seat], *st = g->status[seat];
    int lines[2][4], sizes[2], count = 0, cleared[2];
    if (g->clear_columns) {
        for (int r = 0; r < 3; r++)
            lines[count][r] = (pos & 3) + 4 * r;
        sizes[count++] = 3;
    }
    if (g->clear_rows) {
        for (int c = 0; c < 4; c++)
            lines[count][c] = 4 * (pos >> 2) + c;
        sizes[count++] = 4;
    }
    for (int l = 0; l < count; l++) { /* which lines are complete, before any leaves */
        cleared[l] = 1;
        for (int i = 0; i < sizes[l]; i++) {
            int p = lines[l][i];
            if (st[p] != UP || cards[p] != cards[lines[l][0]])
                cleared[l] = 0;
        }
    }
    for (int l = 0; l < count; l++) {
        if (!cleared[l])
            continue;
        for (int i = 0; i < sizes[l]; i++) {
            int p = lines[l][i];
            if (st[p] == UP) { /* a row and a column may share a card */
                st[p] = GONE;
                g->discard[g->ndiscard++] = cards[p];
            }
        }
    }
}

static void flip(Skyjo *g, int seat, int pos)
{
    g->status[seat][pos] = UP;
    g->down[seat]--;
    clear_lines(g, seat, pos);
}

/* _end_round: reveal everything, score, the finisher penalty, the match's end. */
static int end_round(Skyjo *g)
{
    long scores[MAX_SEATS];
    for (int p = 0; p < g->n; p++) {
        scores[p] = 0;
        for (int i = 0; i < SLOTS; i++) {
            if (g->status[p][i] == DOWN)
                g->status[p][i] = UP;
            if (g->status[p][i] != GONE)
                scores[p] += g->cards[p][i];
        }
        g->down[p] = 0;
    }
    int f = g->finisher, penalized = 0;
    if (scores[f] > 0)
        for (int p = 0; p < g->n; p++)
            if (p != f && scores[p] <= scores[f])
                penalized = 1;
    if (penalized)
        scores[f] *= g->multiplier;
    long high = 0;
    if (record_round(g->round_scores, g->n, scores, g->totals, &high) < 0)
        return -1;
    g->rounds_played++;
    if (high >= g->target) {
        g->is_over = 1;
        g->phase = OVER;
    } else {
        start_round(g);
    }
    return 0;
}

/* _end_turn: rule 6, the finisher and the others' last turns. */
static int end_turn(Skyjo *g, int seat)
{
    if (g->finisher == NO_SEAT) {
        if (!g->down[seat]) {
            g->finisher = seat;
            g->turns_left = g->n - 1;
        }
    } else {
        g->turns_left--;
    }
    if (g->finisher != NO_SEAT && g->turns_left == 0)
        return end_round(g);
    g->current = (seat + 1) % g->n;
    g->phase = TURN;
    return 0;
}

/* _step */
int skyjo_step(Skyjo *g, int seat, int code)
{
    if (g->phase == SETUP) {
        g->reveals_left[seat]--;
        flip(g, seat, code - C_REVEAL);
        for (int p = 0; p < g->n; p++)
            if (g->reveals_left[p])
                return 0;
        begin_turns(g);
        return 0;
    }
    if (code == C_DRAW) { /* _draw, with engine.piles.reshuffle */
        if (!g->ndraw) {
            int8_t top = g->discard[--g->ndiscard];
            memcpy(g->draw, g->discard, g->ndiscard);
            g->ndraw = g->ndiscard;
            mt_shuffle(g->rng, g->draw, g->ndraw);
            g->discard[0] = top;
            g->ndiscard = 1;
        }
        g->holding = g->draw[--g->ndraw];
        g->phase = PLACE_DRAWN;
        return 0;
    }
    if (code == C_TAKE) {
        g->holding = g->discard[--g->ndiscard];
        g->phase = PLACE_TAKEN;
        return 0;
    }
    if (code == C_DISCARD) {
        g->discard[g->ndiscard++] = (int8_t)g->holding;
        g->holding = NO_CARD;
        g->phase = REVEAL_AFTER_DISCARD;
        return 0;
    }
    if (code >= C_REPLACE) { /* _replace */
        int pos = code - C_REPLACE;
        int8_t old = g->cards[seat][pos];
        if (g->status[seat][pos] == DOWN)
            g->down[seat]--;
        g->cards[seat][pos] = (int8_t)g->holding;
        g->status[seat][pos] = UP;
        g->discard[g->ndiscard++] = old;
        g->holding = NO_CARD;
        clear_lines(g, seat, pos);
        return end_turn(g, seat);
    }
    flip(g, seat, code - C_REVEAL); /* the reveal after a discard */
    return end_turn(g, seat);
}

/* State.random_playout's loop over to_act and legal_actions, in their order. */
static long play(Skyjo *g, RandomObject *rng, int until_round_end, PyObject *append)
{
    long applied = 0;
    int codes[SLOTS + 1];
    while (!g->is_over && !(until_round_end && g->rounds_played)) {
        int seat = g->current, m = 0;
        if (g->phase == SETUP) {
            int seats[MAX_SEATS], k = 0;
            for (int p = 0; p < g->n; p++)
                if (g->reveals_left[p])
                    seats[k++] = p;
            seat = seats[mt_index(rng, k)];
        }
        const int8_t *st = g->status[seat];
        switch (g->phase) {
        case SETUP:
        case REVEAL_AFTER_DISCARD:
            for (int p = 0; p < SLOTS; p++)
                if (st[p] == DOWN)
                    codes[m++] = C_REVEAL + p;
            break;
        case TURN:
            if (g->ndraw || g->ndiscard > 1)
                codes[m++] = C_DRAW;
            codes[m++] = C_TAKE;
            break;
        default: /* PLACE_DRAWN, PLACE_TAKEN */
            for (int p = 0; p < SLOTS; p++)
                if (st[p] != GONE)
                    codes[m++] = C_REPLACE + p;
            if (g->phase == PLACE_DRAWN && g->down[seat])
                codes[m++] = C_DISCARD;
        }
        int code = codes[mt_index(rng, m)];
        if (log_append(append, PyTuple_GET_ITEM(skyjo_entries, code * MAX_SEATS + seat)) < 0)
            return -1;
        if (skyjo_step(g, seat, code) < 0)
            return -1;
        applied++;
    }
    return applied;
}

/* ------------------------------------------------------------ state in and out */

int skyjo_read(Skyjo *g, PyObject *state)
{
    PyObject *options = PyObject_GetAttrString(state, "options");
    if (options == NULL)
        return -1;
    int ok = get_int(options, "initial_reveals", &g->initial_reveals) == 0
        && get_int(options, "clear_columns", &g->clear_columns) == 0
        && get_int(options, "clear_rows", &g->clear_rows) == 0
        && get_int(options, "finisher_multiplier", &g->multiplier) == 0
        && get_long(options, "target_score", &g->target) == 0;
    Py_DECREF(options);
    if (!ok || get_int(state, "num_players", &g->n) < 0)
        return -1;
    if (g->n < 1 || g->n > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "the compiled Skyjo playout seats 1 to 8 players");
        return -1;
    }
    if (get_int(state, "phase", &g->phase) < 0 || get_int(state, "current", &g->current) < 0
        || get_int(state, "finisher", &g->finisher) < 0
        || get_int(state, "turns_left", &g->turns_left) < 0
        || get_int(state, "starter", &g->starter) < 0 || get_int(state, "round", &g->round) < 0
        || get_int(state, "is_over", &g->is_over) < 0
        || get_int_or_none(state, "holding", &g->holding, NO_CARD) < 0
        || get_rows(state, "cards", g->n, SLOTS, &g->cards[0][0]) < 0
        || get_rows(state, "status", g->n, SLOTS, &g->status[0][0]) < 0
        || get_longs(state, "down", g->n, g->down) < 0
        || get_longs(state, "reveals_left", g->n, g->reveals_left) < 0
        || get_longs(state, "totals", g->n, g->totals) < 0)
        return -1;
    if ((g->ndraw = get_bytes(state, "draw_pile", MAX_CARDS, g->draw)) < 0
        || (g->ndiscard = get_bytes(state, "discard", MAX_CARDS, g->discard)) < 0)
        return -1;
    if (g->ndraw + g->ndiscard + g->n * SLOTS + 1 > MAX_CARDS) {
        PyErr_SetString(PyExc_ValueError, "too many Skyjo cards for the compiled playout");
        return -1;
    }
    g->rounds_played = 0;
    return 0;
}

int skyjo_write(Skyjo *g, PyObject *state)
{
    int8_t *cards = &g->cards[0][0], *status = &g->status[0][0];
    if (set_rows(state, "cards", g->n, SLOTS, cards) < 0
        || set_rows(state, "status", g->n, SLOTS, status) < 0
        || set_longs(state, "down", g->n, g->down) < 0
        || set_longs(state, "reveals_left", g->n, g->reveals_left) < 0
        || set_longs(state, "totals", g->n, g->totals) < 0
        || set_bytes(state, "draw_pile", g->ndraw, g->draw) < 0
        || set_bytes(state, "discard", g->ndiscard, g->discard) < 0
        || set_int(state, "phase", g->phase) < 0 || set_int(state, "current", g->current) < 0
        || set_int(state, "finisher", g->finisher) < 0
        || set_int(state, "turns_left", g->turns_left) < 0
        || set_int(state, "starter", g->starter) < 0 || set_int(state, "round", g->round) < 0
        || set_int_or_none(state, "holding", g->holding, NO_CARD) < 0)
        return -1;
    if (!g->is_over)
        return 0;
    return set_match_over(state, g->n, g->totals);
}

PyObject *skyjo_setup(PyObject *module, PyObject *table)
{
    (void)module;
    return keep_entries(&skyjo_entries, table, C_CODES * MAX_SEATS, "skyjo_setup");
}

PyObject *skyjo_begin(Skyjo *g, PyObject *const *args, Py_ssize_t nargs, int generators,
                      const char *usage)
{
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, usage);
        return NULL;
    }
    if (skyjo_entries == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "skyjo_setup has not been called");
        return NULL;
    }
    for (int i = 1; i <= generators; i++)
        if (check_random(args[i]) < 0)
            return NULL;
    if (skyjo_read(g, args[0]) < 0)
        return NULL;
    g->rng = (RandomObject *)args[1];
    PyObject *append;
    if (playout_targets(args[0], &append, &g->round_scores) < 0)
        return NULL;
    return append;
}

PyObject *skyjo_random_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    Skyjo g;
    PyObject *append = skyjo_begin(&g, args, nargs, 2,
                                   "skyjo_random_playout(state, state_rng, rng, until_round_end)");
    if (append == NULL)
        return NULL;
    int until_round_end = PyObject_IsTrue(args[3]);
    long applied = until_round_end < 0 ? -1
        : play(&g, (RandomObject *)args[2], until_round_end, append);
    Py_DECREF(append);
    Py_DECREF(g.round_scores);
    if (applied < 0 || skyjo_write(&g, args[0]) < 0)
        return NULL;
    return PyLong_FromLong(applied);
}
