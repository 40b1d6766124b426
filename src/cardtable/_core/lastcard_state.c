/* Reading a LastCardState into a LastCard and writing it back.
 *
 * The compiled steps hold the deck's 108 cards in fixed arrays, so a state is read only
 * if it is one the rules can reach: 2 to 10 seats, hands whose masks, counts and sizes
 * agree, no more copies of a card than the deck has, the phase, seat, colour and
 * direction in range. Any other state (built by hand, say) is left to the Python code,
 * which is the reference for every state.
 */
#include "lastcard_state.h"

#include "state_io.h"

#define LIMIT (1L << 40) /* totals and pending draws beyond this are left to Python */

/* The rules of the options value last read, kept (with a reference to it, so that its
 * address stays its own): a search reads clones of one match thousands of times. */
static PyObject *known_options;
static LastCardRules known_rules;

static int read_options(LastCard *g, PyObject *state)
{
    PyObject *options = PyObject_GetAttrString(state, "options");
    if (options == NULL)
        return -1;
    if (options == known_options) {
        Py_DECREF(options);
        g->rules = known_rules;
        return 0;
    }
    int plus4_on_plus2, stack_two, stack_four;
    int failed = get_int(options, "plus_four_on_plus_two", &plus4_on_plus2) < 0
        || get_int(options, "stack_plus_two", &stack_two) < 0
        || get_int(options, "stack_plus_four", &stack_four) < 0
        || get_int(options, "voluntary_draw", &g->rules.draw_flag) < 0
        || get_int(options, "play_drawn", &g->rules.play_drawn) < 0
        || get_int(options, "missed_call_penalty", &g->rules.missed_call) < 0
        || get_long(options, "target_score", &g->rules.target) < 0;
    if (failed) {
        Py_DECREF(options);
        return -1;
    }
    if (g->rules.missed_call < 0 || g->rules.missed_call > LC_DECK || g->rules.target < 0) {
        Py_DECREF(options);
        return 1;
    }
    lastcard_rules(&g->rules, plus4_on_plus2, stack_two, stack_four);
    known_rules = g->rules;
    Py_XSETREF(known_options, options);
    return 0;
}

static int read_mask(PyObject *obj, const char *name, uint64_t *out)
{
    long v;
    if (get_long(obj, name, &v) < 0)
        return -1;
    *out = (uint64_t)v;
    return v < 0 || v >= (long)LC_BIT(LC_TYPES);
}

/* The hands: counts, masks and sizes that agree; every card counted in copies. */
static int read_hands(LastCard *g, PyObject *state, int *copies)
{
    int8_t counts[LC_MAX_SEATS][LC_TYPES];
    long masks[LC_MAX_SEATS], sizes[LC_MAX_SEATS];
    if (get_rows(state, "counts", g->n, LC_TYPES, &counts[0][0]) < 0
        || get_longs(state, "masks", g->n, masks) < 0 || get_longs(state, "sizes", g->n, sizes) < 0)
        return -1;
    for (int p = 0; p < g->n; p++) {
        long size = 0;
        uint64_t mask = 0;
        for (int t = 0; t < LC_TYPES; t++) {
            int c = counts[p][t];
            if (c < 0)
                return 1;
            if (c)
                mask |= LC_BIT(t);
            g->counts[p][t] = c;
            copies[t] += c;
            size += c;
        }
        if ((long)mask != masks[p] || size != sizes[p])
            return 1;
        g->masks[p] = mask;
        g->sizes[p] = (int)size;
    }
    return 0;
}

static int read_pile(PyObject *state, const char *name, int8_t *out, int *copies)
{
    int size = get_bytes(state, name, LC_DECK, out);
    if (size < 0)
        return -1;
    for (int i = 0; i < size; i++) {
        if (out[i] < 0 || out[i] >= LC_TYPES)
            return -2;
        copies[out[i]]++;
    }
    return size;
}

static int read_state(LastCard *g, PyObject *state)
{
    int rc = read_options(g, state);
    if (rc)
        return rc;
    if (get_int(state, "num_players", &g->n) < 0)
        return -1;
    if (g->n < 2 || g->n > LC_MAX_SEATS)
        return 1;
    int copies[LC_TYPES] = {0};
    if ((rc = read_hands(g, state, copies)) != 0)
        return rc;
    if ((g->ndraw = read_pile(state, "draw_pile", g->draw, copies)) < 0)
        return g->ndraw == -2 ? 1 : -1;
    if ((g->ndiscard = read_pile(state, "discard", g->discard, copies)) < 0)
        return g->ndiscard == -2 ? 1 : -1;
    if (get_int(state, "color", &g->color) < 0 || get_int(state, "direction", &g->direction) < 0
        || get_int(state, "current", &g->current) < 0 || get_int(state, "phase", &g->phase) < 0
        || get_int(state, "drawn", &g->drawn) < 0 || get_int(state, "starter", &g->starter) < 0
        || get_int(state, "round", &g->round) < 0 || get_long(state, "pending", &g->pending) < 0
        || get_longs(state, "totals", g->n, g->totals) < 0)
        return -1;
    if ((rc = read_mask(state, "playable", &g->playable)) != 0
        || (rc = read_mask(state, "playable_held", &g->playable_held)) != 0)
        return rc;
    for (int t = 0; t < LC_TYPES; t++)
        if (copies[t] > lc_copies[t])
            return 1;
    for (int p = 0; p < g->n; p++)
        if (g->totals[p] < -LIMIT || g->totals[p] > LIMIT)
            return 1;
    if (g->ndiscard < 1 || g->color < 0 || g->color > 3 || (g->direction != 1 && g->direction != -1)
        || g->current < 0 || g->current >= g->n || g->starter < -1 || g->starter >= g->n
        || g->pending < 0 || g->pending > LIMIT || g->round < 0 || g->round > INT32_MAX - 1)
        return 1;
    if (g->phase == LC_TURN)
        return (g->playable_held & ~g->masks[g->current]) != 0;
    return g->phase != LC_PLAY_DRAWN || g->drawn < 0 || g->drawn >= LC_TYPES
        || !g->counts[g->current][g->drawn];
}

int lastcard_read(LastCard *g, PyObject *state)
{
    int rc = read_state(g, state);
    if (rc < 0 && (PyErr_ExceptionMatches(PyExc_ValueError) || PyErr_ExceptionMatches(PyExc_OverflowError))) {
        PyErr_Clear(); /* a list of the wrong size, a number beyond any card: Python's to play */
        return 1;
    }
    return rc;
}

/* SEATS_AFTER[n][direction]: who plays after each seat. */
static PyObject *seats_after(const LastCard *g)
{
    PyObject *after = PyTuple_New(g->n);
    for (int p = 0; after != NULL && p < g->n; p++)
        PyTuple_SET_ITEM(after, p, PyLong_FromLong(lc_after(g, p)));
    return after;
}

/* Put values into list in place (resized to n), as the Python steps change hands and
 * piles in place: no new lists, so far less work for the garbage collector. */
static int fill(PyObject *list, int n, const int *values)
{
    Py_ssize_t size = PyList_GET_SIZE(list);
    if (size > n && PyList_SetSlice(list, n, size, NULL) < 0)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(values[i]);
        if (v == NULL || (i < size ? PyList_SetItem(list, i, v) : PyList_Append(list, v)) < 0)
            return -1;
        if (i >= size)
            Py_DECREF(v);
    }
    return 0;
}

/* The attribute's list refilled in place, or a new list where it holds none. */
static int put(PyObject *state, const char *name, int n, const int *values)
{
    PyObject *list = PyObject_GetAttrString(state, name);
    if (list == NULL)
        return -1;
    int rc;
    if (PyList_CheckExact(list)) {
        rc = fill(list, n, values);
    } else {
        PyObject *fresh = PyList_New(0);
        rc = fresh == NULL || fill(fresh, n, values) < 0 ? -1 : set_object(state, name, fresh);
    }
    Py_DECREF(list);
    return rc;
}

static int put_bytes(PyObject *state, const char *name, int n, const int8_t *cards)
{
    int values[LC_DECK];
    for (int i = 0; i < n; i++)
        values[i] = cards[i];
    return put(state, name, n, values);
}

/* The hands' counts, row by row in place (a new row where the list holds none). */
static int put_counts(const LastCard *g, PyObject *state)
{
    PyObject *rows = PyObject_GetAttrString(state, "counts");
    if (rows == NULL)
        return -1;
    int rc = PyList_CheckExact(rows) && PyList_GET_SIZE(rows) == g->n ? 0 : -1;
    for (int p = 0; rc == 0 && p < g->n; p++) {
        PyObject *row = PyList_GET_ITEM(rows, p);
        if (PyList_CheckExact(row)) {
            rc = fill(row, LC_TYPES, g->counts[p]);
            continue;
        }
        PyObject *fresh = PyList_New(0);
        rc = fresh == NULL || fill(fresh, LC_TYPES, g->counts[p]) < 0
            ? -1 : PyList_SetItem(rows, p, fresh);
    }
    if (rc < 0 && !PyErr_Occurred())
        PyErr_SetString(PyExc_TypeError, "counts must be a list of one list per seat");
    Py_DECREF(rows);
    return rc;
}

int lastcard_write(const LastCard *g, PyObject *state)
{
    int n = g->n;
    long masks[LC_MAX_SEATS];
    for (int p = 0; p < n; p++)
        masks[p] = (long)g->masks[p];
    if (put_counts(g, state) < 0 || set_longs(state, "masks", n, masks) < 0
        || put(state, "sizes", n, g->sizes) < 0
        || put_bytes(state, "draw_pile", g->ndraw, g->draw) < 0
        || put_bytes(state, "discard", g->ndiscard, g->discard) < 0
        || set_int(state, "color", g->color) < 0 || set_int(state, "direction", g->direction) < 0
        || set_object(state, "after", seats_after(g)) < 0
        || set_int(state, "current", g->current) < 0 || set_int(state, "phase", g->phase) < 0
        || set_int(state, "drawn", g->drawn) < 0 || set_int(state, "starter", g->starter) < 0
        || set_int(state, "round", g->round) < 0
        || set_object(state, "pending", PyLong_FromLong(g->pending)) < 0
        || set_object(state, "playable", PyLong_FromUnsignedLongLong(g->playable)) < 0
        || set_object(state, "playable_held", PyLong_FromUnsignedLongLong(g->playable_held)) < 0
        || (g->rounds && set_longs(state, "totals", n, g->totals) < 0))
        return -1;
    if (!g->is_over)
        return set_object(state, "to_act", Py_BuildValue("(i)", g->current));
    if (PyObject_SetAttrString(state, "is_over", Py_True) < 0
        || set_object(state, "to_act", PyTuple_New(0)) < 0)
        return -1;
    long high = g->totals[0], winners[LC_MAX_SEATS];
    int k = 0;
    for (int p = 1; p < n; p++)
        if (g->totals[p] > high)
            high = g->totals[p];
    for (int p = 0; p < n; p++)
        if (g->totals[p] == high)
            winners[k++] = p;
    return set_longs(state, "winners", k, winners);
}
