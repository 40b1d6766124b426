/* Reading a CactusState into the compact struct and writing it back (see
 * cactus_rules.h). A state the struct cannot hold, or whose first step the rules could
 * not take, is refused with a ValueError before anything changes. */
#include "cactus_rules.h"

#include "playout_io.h"
#include "state_io.h"

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
    if (phase == TURN && g->caller != NO_SEAT && !cactus_can_draw(g) && !cactus_can_take(g, seat))
        return refuse("nothing to do");
    if ((phase == DRAWN || phase == TAKEN) && g->holding == EMPTY)
        return refuse("no card in hand");
    if ((phase == TAKEN || phase == PEEK_OWN_PHASE || phase == CHOOSE_PHASE || phase == SWAP_PHASE
            || phase == KING_SWAP)
        && !cactus_has_cards(g, seat))
        return refuse("no own card");
    if ((phase == PEEK_OPPONENT_PHASE || phase == KING_PEEK || phase == CHOOSE_PHASE)
        && !cactus_any_opponent_card(g, seat, phase == CHOOSE_PHASE))
        return refuse("no opponent card");
    if (phase == SWAP_PHASE || phase == KING_SWAP) {
        int p = g->target_seat, t = g->target_slot;
        if (p < 0 || p >= g->n || p == seat || t < 0 || t >= g->len[p] || g->cards[p][t] == EMPTY)
            return refuse("no card to swap with");
    }
    return 0;
}

int cactus_read_state(Cactus *g, PyObject *state)
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

int cactus_write_state(Cactus *g, PyObject *state)
{
    if (set_row_lists(state, "cards", g, g->cards) < 0
        || set_row_lists(state, "seen", g, g->seen) < 0
        || set_row_lists(state, "followed", g, g->followed) < 0
        || set_sequence(state, "draw_pile", 0, g->ndraw, g->draw) < 0
        || set_sequence(state, "discard", 0, g->ndiscard, g->discard) < 0
        || set_sequence(state, "waiting", 1, g->nwaiting, g->waiting) < 0
        || set_sequence(state, "window_seats", 1, g->nwindow, g->window_seats) < 0
        || set_longs(state, "totals", g->n, g->totals) < 0 || set_int(state, "phase", g->phase) < 0
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
