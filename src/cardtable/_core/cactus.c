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
 * The rules are in cactus_rules.c, the greedy bot in cactus_greedy.c, the reading and
 * writing in cactus_state.c.
 */
#include "cactus.h"

#include "cactus_rules.h"
#include "playout_io.h"
#include "state_io.h"

static PyObject *entries; /* tuple: A_CODES * MAX_SEATS log entries (seat, action) */

/* State.random_playout's loop (greedy: Bot.playout's): the acting seat drawn among
 * to_act when several may act, then the policy's action. */
static long play(Cactus *g, RandomObject *rng, int until_round_end, int greedy, PyObject *append)
{
    long applied = 0;
    int codes[MAX_LEGAL];
    double mean = cactus_deck_mean();
    while (!g->is_over && !(until_round_end && g->rounds_played)) {
        int seat = g->current;
        if (g->phase == WINDOW || g->phase == LOOK_PHASE)
            seat = g->waiting[g->nwaiting == 1 ? 0 : mt_index(rng, g->nwaiting)];
        int code;
        if (greedy) {
            code = cactus_greedy_act(g, seat, mean);
        } else {
            int m = cactus_legal_actions(g, seat, codes);
            code = codes[mt_index(rng, m)];
        }
        if (log_append(append, PyTuple_GET_ITEM(entries, code * MAX_SEATS + seat)) < 0)
            return -1;
        if (cactus_step(g, seat, code) < 0)
            return -1;
        applied++;
    }
    return applied;
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
    if (cactus_read_state(&g, state) < 0) {
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
    if (applied < 0 || cactus_write_state(&g, state) < 0)
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
