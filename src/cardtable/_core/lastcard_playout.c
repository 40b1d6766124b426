/* Last Card's compiled playouts: LastCardState.random_playout and the heuristic bot's
 * playout (cardtable.games.lastcard.bot), the same choices from the same draws.
 *
 * Each reads the state (lastcard_state.c), chooses and applies moves with the rule
 * steps (lastcard.c), logs each with the entry the Python code would log, and writes
 * the state back. A state the C does not hold is left unchanged and the call returns
 * None, so that the Python code plays it.
 */
#include "lastcard_playout.h"

#include <math.h>

#include "lastcard_state.h"
#include "playout_io.h"
#include "state_io.h"

/* Log entry codes: a play is (type * 2 + call) * 4 + colour (0 for coloured types). */
#define C_DRAW (LC_TYPES * 8)
#define C_KEEP (C_DRAW + 1)
#define C_CODES (C_KEEP + 1)

static PyObject *entries; /* tuple: C_CODES * LC_MAX_SEATS log entries (seat, action) */

/* Log entry code for seat through log, the state's log.append. */
static int log_add(PyObject *log, int code, int seat)
{
    return log_append(log, PyTuple_GET_ITEM(entries, code * LC_MAX_SEATS + seat));
}

/* Play type t's play number i of PLAYS[call][t] (its colours without the call, then with). */
static int play(LastCard *g, PyObject *log, int seat, int t, int i)
{
    int wild = t >= LC_WILD;
    int called = wild ? i >= 4 : i;
    int color = wild ? i % 4 : lc_color_of[t];
    if (log_add(log, (t * 2 + called) * 4 + (wild ? color : 0), seat) < 0)
        return -1;
    return lc_play(g, seat, t, color, called);
}

static int plays_of(int t, int call) { return (t >= LC_WILD ? 4 : 1) << call; }

/* One move of random_playout: a uniform draw over the legal actions, in their order
 * (the plays type by type from the lowest, then Draw or Keep). */
static int random_move(LastCard *g, PyObject *log, RandomObject *rng)
{
    int seat = g->current, call = g->sizes[seat] == 2, plays = 0, total;
    uint64_t mine;
    if (g->phase == LC_TURN) {
        mine = g->playable_held;
        plays = (__builtin_popcountll(mine & (LC_FIRST_WILD_BIT - 1))
                 + 4 * __builtin_popcountll(mine >> LC_WILD)) << call;
        total = plays + (g->pending || g->rules.draw_flag || !mine);
    } else {
        mine = LC_BIT(g->drawn);
        if (g->playable & mine)
            plays = plays_of(g->drawn, call);
        total = plays + 1;
    }
    int r = mt_index(rng, total);
    if (r >= plays) {
        int drawing = g->phase == LC_TURN;
        if (log_add(log, drawing ? C_DRAW : C_KEEP, seat) < 0)
            return -1;
        return drawing ? lc_draw(g, seat) : lc_keep(g, seat);
    }
    for (;; mine &= mine - 1) { /* the held types, lowest first */
        int t = __builtin_ctzll(mine), width = plays_of(t, call);
        if (r < width)
            return play(g, log, seat, t, r);
        r -= width;
    }
}

/* The heuristic's weights (bot.py). */
#define ATTACK 200
#define WILD_COST 100
#define COLOR_WEIGHT 4
#define ATTACK_WHEN_AT_MOST 2

static int hits(const LastCard *g, int t)
{
    int kind = lc_kind[t];
    return kind == LC_SKIP || kind == LC_PLUS2 || kind == LC_PLUS4CARD || (kind == LC_REVERSE && g->n == 2);
}

/* same_color[c]: the coloured types of colour c. */
static uint64_t same_color[4];

/* bot._choice: the heuristic's play among the playable types mine; sets *i, returns t. */
static int choice(const LastCard *g, int seat, uint64_t mine, int *i)
{
    int call = g->sizes[seat] == 2;
    int attack = g->sizes[lc_after(g, seat)] <= ATTACK_WHEN_AT_MOST;
    int high = 63 - __builtin_clzll(mine);
    *i = call;
    if (mine < LC_FIRST_WILD_BIT && !(mine & ~same_color[lc_color_of[high]])) {
        int t = high, best = -1; /* one colour: points and attack alone order them */
        for (uint64_t rest = mine & (mine - 1) ? mine : 0; rest; rest &= rest - 1) {
            int u = __builtin_ctzll(rest);
            int points = lc_points[u] + (attack && hits(g, u) ? ATTACK : 0);
            if (points > best) {
                t = u;
                best = points;
            }
        }
        return t;
    }
    double held[4] = {0.0, 0.0, 0.0, 0.0}; /* _color_counts: the same sums, in the same order */
    for (uint64_t rest = g->masks[seat] & (LC_FIRST_WILD_BIT - 1); rest; rest &= rest - 1) {
        int t = __builtin_ctzll(rest);
        held[lc_color_of[t]] += g->counts[seat][t] * (1 + lc_points[t] / 1000.0);
    }
    int favourite = 0;
    for (int c = 1; c < 4; c++)
        if (held[c] > held[favourite])
            favourite = c;
    int t = -1;
    double most = -HUGE_VAL;
    for (uint64_t rest = mine; rest; rest &= rest - 1) {
        int u = __builtin_ctzll(rest);
        double value = (double)lc_points[u];
        if (u >= LC_WILD)
            value -= WILD_COST;
        else
            value += COLOR_WEIGHT * (held[lc_color_of[u]] - 1);
        if (attack && hits(g, u))
            value += ATTACK;
        if (value > most) {
            t = u;
            most = value;
        }
    }
    if (t >= LC_WILD)
        *i = 4 * call + favourite;
    return t;
}

int lc_heuristic_choice(const LastCard *g, int seat, uint64_t mine, int *i)
{
    return choice(g, seat, mine, i);
}

/* One move of the heuristic's playout: the forced Draw or Keep, else its play. */
static int heuristic_move(LastCard *g, PyObject *log)
{
    int seat = g->current;
    uint64_t mine;
    if (g->phase == LC_TURN) {
        mine = g->playable_held;
        if (!mine) {
            if (log_add(log, C_DRAW, seat) < 0)
                return -1;
            return lc_draw(g, seat);
        }
    } else {
        mine = LC_BIT(g->drawn);
        if (!(g->playable & mine)) {
            if (log_add(log, C_KEEP, seat) < 0)
                return -1;
            return lc_keep(g, seat);
        }
    }
    int i, t = choice(g, seat, mine, &i);
    return play(g, log, seat, t, i);
}

/* Read the state, play moves until the round (or with whole, the match) ends, write it
 * back; the number of moves, or None for a state left to Python. rng is NULL for the
 * heuristic, which draws nothing itself. */
static PyObject *playout(PyObject *state, PyObject *state_rng, RandomObject *rng, int whole)
{
    if (entries == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "lastcard_setup has not been called");
        return NULL;
    }
    LastCard g;
    if (check_random(state_rng) < 0 || get_int(state, "is_over", &g.is_over) < 0)
        return NULL;
    if (g.is_over)
        return PyLong_FromLong(0);
    int rc = lastcard_read(&g, state);
    if (rc < 0)
        return NULL;
    if (rc > 0)
        Py_RETURN_NONE;
    g.rng = (RandomObject *)state_rng;
    g.round_ended = g.rounds = 0;
    PyObject *log;
    if (playout_targets(state, &log, &g.round_scores) < 0)
        return NULL;
    long applied = 0;
    for (;;) {
        rc = rng != NULL ? random_move(&g, log, rng) : heuristic_move(&g, log);
        if (rc < 0)
            break;
        applied++;
        if (g.round_ended) {
            g.round_ended = 0;
            if (!whole || g.is_over)
                break;
        }
    }
    Py_DECREF(log);
    Py_DECREF(g.round_scores);
    if (rc < 0 || lastcard_write(&g, state) < 0)
        return NULL;
    return PyLong_FromLong(applied);
}

PyObject *lastcard_setup(PyObject *module, PyObject *table)
{
    (void)module;
    PyObject *kept = keep_entries(&entries, table, C_CODES * LC_MAX_SEATS, "lastcard_setup");
    if (kept == NULL)
        return NULL;
    lastcard_tables();
    for (int t = 0; t < LC_WILD; t++)
        same_color[lc_color_of[t]] |= LC_BIT(t);
    return kept;
}

PyObject *lastcard_random_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "lastcard_random_playout(state, state_rng, rng, until_round_end)");
        return NULL;
    }
    int until_round_end = PyObject_IsTrue(args[3]);
    if (until_round_end < 0 || check_random(args[2]) < 0)
        return NULL;
    return playout(args[0], args[1], (RandomObject *)args[2], !until_round_end);
}

PyObject *lastcard_heuristic_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "lastcard_heuristic_playout(state, state_rng)");
        return NULL;
    }
    return playout(args[0], args[1], NULL, 0);
}
