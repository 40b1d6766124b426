/* Batched Last Card environments stepped in C (cardtable.rl.native_vector).
 *
 * N matches of Last Card, each with a learner in one seat and the heuristic bot
 * (lastcard_playout.c's choice, the one the Python bot makes) in the others. A step
 * applies each learner's action with the rule steps (lastcard.c), lets the bots play
 * until the learner's next turn or the round's end, and writes the learner's
 * observation and action mask straight into the caller's numpy arrays.
 *
 * Nothing here defines the encoding or the action indices: the Python side passes the
 * offsets of the encoder's blocks (cardtable.rl.encoders.lastcard, as its Observer
 * lays them out) and the action index of every play, draw and keep
 * (GameSpec.action_index), and checks that the result equals the Python encoder's.
 * A match starts as LastCardState.new does: a random.Random seeded with the deal's
 * seed, seat 0 first, the same shuffle and deal.
 */
#define PY_SSIZE_T_CLEAN
#include "lastcard_vec.h"

#include <string.h>

#include "lastcard.h"
#include "lastcard_playout.h"
#include "lastcard_state.h"
#include "state_io.h"

/* random.Random(seed) for 0 <= seed < 2**64: CPython's init_by_array on the seed's
 * 32-bit words, low word first (random_seed in Modules/_randommodule.c). Seeding a
 * generator of our own costs a fraction of building a new Python one per episode. */
static void mt_seed(RandomObject *r, uint64_t seed)
{
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    int length = key[1] ? 2 : 1;
    uint32_t *mt = r->state;
    mt[0] = 19650218U;
    for (int k = 1; k < MT_N; k++)
        mt[k] = 1812433253U * (mt[k - 1] ^ (mt[k - 1] >> 30)) + (uint32_t)k;
    int i = 1, j = 0;
    for (int k = MT_N > length ? MT_N : length; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= length)
            j = 0;
    }
    for (int k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000U;
    r->index = MT_N;
}

/* rng.getrandbits(63) (two words, the second's top 31 bits above the first). */
static uint64_t mt_bits63(RandomObject *r)
{
    uint64_t low = mt_next(r);
    return low | ((uint64_t)(mt_next(r) >> 1) << 32);
}

/* The encoder's blocks, in the order their offsets are passed. */
enum { B_PHASE, B_CURRENT, B_STARTER, B_DIRECTION, B_TOP, B_COLOR, B_PENDING, B_HAND_SIZES,
       B_PILE_SIZES, B_HAND, B_DRAWN, B_TOTALS, B_COUNT };
#define PLAY_SLOTS (LC_TYPES * 8) /* (type * 2 + call) * 4 + colour slot */
#define CODE_DRAW PLAY_SLOTS
#define CODE_KEEP (PLAY_SLOTS + 1)
#define MAX_ACTIONS 4096

typedef struct {
    int num_envs, n, seat, size, actions;
    LastCardRules rules;
    LastCard *games;
    PyObject **rngs;   /* each match's random.Random */
    PyObject **scores; /* each match's round_scores list (end_round appends to it) */
    Py_buffer obs, mask;
    int off[B_COUNT], phase_index[3];
    int play_index[PLAY_SLOTS], draw_index, keep_index;
    int decode[MAX_ACTIONS];
    double total_scale;
} Vec;

static const char *CAPSULE = "cardtable.lastcard_vec";

static void vec_free(PyObject *capsule)
{
    Vec *v = PyCapsule_GetPointer(capsule, CAPSULE);
    if (v == NULL)
        return;
    for (int i = 0; i < v->num_envs; i++) {
        Py_XDECREF(v->rngs[i]);
        Py_XDECREF(v->scores[i]);
    }
    PyBuffer_Release(&v->obs);
    PyBuffer_Release(&v->mask);
    PyMem_Free(v->games);
    PyMem_Free(v->rngs);
    PyMem_Free(v->scores);
    PyMem_Free(v);
}

/* A tuple of exactly count ints into out; -1 with an error otherwise. */
static int read_ints(PyObject *tuple, int count, int *out, const char *what)
{
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) != count) {
        PyErr_Format(PyExc_ValueError, "%s must be a tuple of %d ints", what, count);
        return -1;
    }
    for (int k = 0; k < count; k++) {
        long x = PyLong_AsLong(PyTuple_GET_ITEM(tuple, k));
        if (x == -1 && PyErr_Occurred())
            return -1;
        out[k] = (int)x;
    }
    return 0;
}

/* Where seat sits counted from me (features.relative). */
static int rel(int n, int me, int seat) { return (seat - me + n) % n; }

/* Seat me's observation (encode_lastcard of its view) and action mask (all zero when
 * over or when me is not to act). */
static void encode(const Vec *v, const LastCard *g, int me, float *row, uint8_t *mask, int over)
{
    const int *off = v->off;
    int n = v->n;
    memset(row, 0, sizeof(float) * (size_t)v->size);
    memset(mask, 0, (size_t)v->actions);
    row[off[B_PHASE] + v->phase_index[g->phase]] = 1.0f;
    if (g->phase != LC_OVER)
        row[off[B_CURRENT] + rel(n, me, g->current)] = 1.0f;
    if (g->starter >= 0)
        row[off[B_STARTER] + rel(n, me, g->starter)] = 1.0f;
    row[off[B_DIRECTION]] = (float)g->direction;
    row[off[B_TOP] + g->discard[g->ndiscard - 1]] = 1.0f;
    row[off[B_COLOR] + g->color] = 1.0f;
    row[off[B_PENDING]] = (float)((double)g->pending / 20.0);
    for (int k = 0; k < n; k++) {
        row[off[B_HAND_SIZES] + k] = (float)((double)g->sizes[(me + k) % n] / 20.0);
        row[off[B_TOTALS] + k] = (float)((double)g->totals[(me + k) % n] / v->total_scale);
    }
    row[off[B_PILE_SIZES]] = (float)((double)g->ndraw / LC_DECK);
    row[off[B_PILE_SIZES] + 1] = (float)((double)g->ndiscard / LC_DECK);
    for (int t = 0; t < LC_TYPES; t++)
        row[off[B_HAND] + t] = (float)(g->counts[me][t] * 0.25);
    int choosing = g->phase == LC_PLAY_DRAWN && g->current == me;
    if (choosing)
        row[off[B_DRAWN] + g->drawn] = 1.0f;
    if (over || g->current != me)
        return;
    int call = g->sizes[me] == 2;
    uint64_t mine;
    if (g->phase == LC_TURN) {
        mine = g->playable_held;
        if (g->pending || g->rules.draw_flag || !mine)
            mask[v->draw_index] = 1;
    } else {
        mine = g->playable & LC_BIT(g->drawn);
        mask[v->keep_index] = 1;
    }
    for (; mine; mine &= mine - 1) {
        int t = __builtin_ctzll(mine), colors = t >= LC_WILD ? 4 : 1;
        for (int c = 0; c <= call; c++)
            for (int s = 0; s < colors; s++)
                mask[v->play_index[(t * 2 + c) * 4 + s]] = 1;
    }
}

/* A play by code (type, call, colour slot). */
static int play_code(LastCard *g, int seat, int code)
{
    int t = code / 8, call = (code / 4) % 2;
    int color = t >= LC_WILD ? code % 4 : lc_color_of[t];
    return lc_play(g, seat, t, color, call);
}

/* The heuristic bot's move (LastCardHeuristicBot.act): the forced Draw or Keep, else its play. */
static int bot_move(LastCard *g)
{
    int seat = g->current;
    uint64_t mine;
    if (g->phase == LC_TURN) {
        mine = g->playable_held;
        if (!mine)
            return lc_draw(g, seat);
    } else {
        mine = LC_BIT(g->drawn);
        if (!(g->playable & mine))
            return lc_keep(g, seat);
    }
    int i, t = lc_heuristic_choice(g, seat, mine, &i);
    int wild = t >= LC_WILD;
    return lc_play(g, seat, t, wild ? i % 4 : lc_color_of[t], wild ? i >= 4 : i);
}

/* The bots play until the learner's turn or the round's end; -1 on error. */
static int bots_play(const Vec *v, LastCard *g)
{
    while (!g->rounds && g->current != v->seat)
        if (bot_move(g) < 0)
            return -1;
    return 0;
}

/* The learner's win reward of a finished first round: +1 for a best score, -1 for the
 * others, 0 for all when every seat ties (rewards.win_rewards). */
static double win_reward(const Vec *v, const LastCard *g)
{
    long best = g->totals[0];
    int winners = 0;
    for (int p = 1; p < v->n; p++)
        if (g->totals[p] > best)
            best = g->totals[p];
    for (int p = 0; p < v->n; p++)
        winners += g->totals[p] == best;
    if (winners == v->n)
        return 0.0;
    return g->totals[v->seat] == best ? 1.0 : -1.0;
}

static Vec *get_vec(PyObject *capsule) { return PyCapsule_GetPointer(capsule, CAPSULE); }

static float *obs_row(const Vec *v, int i) { return (float *)v->obs.buf + (size_t)i * (size_t)v->size; }
static uint8_t *mask_row(const Vec *v, int i) { return (uint8_t *)v->mask.buf + (size_t)i * (size_t)v->actions; }

/* lastcard_vec_new(template, obs, mask, seat, offsets, phase_index, play_index, draw, keep, scale) */
PyObject *lastcard_vec_new(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 10) {
        PyErr_SetString(PyExc_TypeError, "lastcard_vec_new(template, obs, mask, seat, offsets, "
                                         "phase_index, play_index, draw_index, keep_index, total_scale)");
        return NULL;
    }
    LastCard template;
    int rc = lastcard_read(&template, args[0]);
    if (rc < 0)
        return NULL;
    if (rc > 0) {
        PyErr_SetString(PyExc_ValueError, "the template is a state the compiled core does not hold");
        return NULL;
    }
    Vec *v = PyMem_Calloc(1, sizeof(Vec));
    if (v == NULL)
        return PyErr_NoMemory();
    v->rules = template.rules;
    v->n = template.n;
    v->seat = (int)PyLong_AsLong(args[3]);
    v->total_scale = PyFloat_AsDouble(args[9]);
    v->draw_index = (int)PyLong_AsLong(args[7]);
    v->keep_index = (int)PyLong_AsLong(args[8]);
    if (PyErr_Occurred() || read_ints(args[4], B_COUNT, v->off, "offsets") < 0
        || read_ints(args[5], 3, v->phase_index, "phase_index") < 0
        || read_ints(args[6], PLAY_SLOTS, v->play_index, "play_index") < 0) {
        PyMem_Free(v);
        return NULL;
    }
    if (PyObject_GetBuffer(args[1], &v->obs, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyMem_Free(v);
        return NULL;
    }
    if (PyObject_GetBuffer(args[2], &v->mask, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) {
        PyBuffer_Release(&v->obs);
        PyMem_Free(v);
        return NULL;
    }
    int bad = v->obs.ndim != 2 || v->mask.ndim != 2 || v->obs.itemsize != 4 || v->mask.itemsize != 1
        || strcmp(v->obs.format, "f") != 0 || v->obs.shape[0] != v->mask.shape[0]
        || v->seat < 0 || v->seat >= v->n || v->mask.shape[1] > MAX_ACTIONS;
    if (!bad) {
        v->num_envs = (int)v->obs.shape[0];
        v->size = (int)v->obs.shape[1];
        v->actions = (int)v->mask.shape[1];
        for (int k = 0; k < MAX_ACTIONS; k++)
            v->decode[k] = -1;
        for (int k = 0; k < PLAY_SLOTS; k++)
            if (v->play_index[k] >= 0) {
                bad |= v->play_index[k] >= v->actions;
                if (!bad)
                    v->decode[v->play_index[k]] = k;
            }
        bad |= v->draw_index < 0 || v->draw_index >= v->actions || v->keep_index < 0
            || v->keep_index >= v->actions;
        for (int b = 0; b < B_COUNT; b++)
            bad |= v->off[b] < 0 || v->off[b] >= v->size;
    }
    if (bad) {
        PyBuffer_Release(&v->obs);
        PyBuffer_Release(&v->mask);
        PyMem_Free(v);
        PyErr_SetString(PyExc_ValueError, "lastcard_vec_new: arrays, seat or tables out of shape");
        return NULL;
    }
    v->decode[v->draw_index] = CODE_DRAW;
    v->decode[v->keep_index] = CODE_KEEP;
    v->games = PyMem_Calloc((size_t)v->num_envs, sizeof(LastCard));
    v->rngs = PyMem_Calloc((size_t)v->num_envs, sizeof(PyObject *));
    v->scores = PyMem_Calloc((size_t)v->num_envs, sizeof(PyObject *));
    PyObject *capsule = NULL;
    if (v->games != NULL && v->rngs != NULL && v->scores != NULL)
        capsule = PyCapsule_New(v, CAPSULE, vec_free);
    if (capsule == NULL) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        PyBuffer_Release(&v->obs);
        PyBuffer_Release(&v->mask);
        PyMem_Free(v->games);
        PyMem_Free(v->rngs);
        PyMem_Free(v->scores);
        PyMem_Free(v);
    }
    return capsule;
}

/* lastcard_vec_reset(vec, i, match_seed): a new match in environment i, dealt as
 * CardtableAECEnv.reset(seed=match_seed) deals it (the deal's seed drawn by
 * random.Random(match_seed).getrandbits(63), the deck shuffled by random.Random(that)),
 * played by the bots to the learner's first turn, observed; False when the round ended
 * before the learner's first decision. */
PyObject *lastcard_vec_reset(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "lastcard_vec_reset(vec, i, match_seed)");
        return NULL;
    }
    Vec *v = get_vec(args[0]);
    if (v == NULL)
        return NULL;
    long i = PyLong_AsLong(args[1]);
    if (i == -1 && PyErr_Occurred())
        return NULL;
    if (i < 0 || i >= v->num_envs)
        return PyErr_Format(PyExc_IndexError, "environment %ld of %d", i, v->num_envs);
    unsigned long long match_seed = PyLong_AsUnsignedLongLong(args[2]);
    if (match_seed == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    if (v->rngs[i] == NULL && (v->rngs[i] = random_type->tp_alloc(random_type, 0)) == NULL)
        return NULL;
    RandomObject *rng = (RandomObject *)v->rngs[i];
    mt_seed(rng, match_seed);
    mt_seed(rng, mt_bits63(rng));
    if (v->scores[i] == NULL && (v->scores[i] = PyList_New(0)) == NULL)
        return NULL;
    if (PyList_SetSlice(v->scores[i], 0, PyList_GET_SIZE(v->scores[i]), NULL) < 0)
        return NULL;
    LastCard *g = &v->games[i];
    memset(g, 0, sizeof *g);
    g->rules = v->rules;
    g->n = v->n;
    g->rng = rng;
    g->round_scores = v->scores[i];
    g->starter = -1; /* so that seat 0 starts the first round */
    lc_new_round(g);
    if (bots_play(v, g) < 0)
        return NULL;
    encode(v, g, v->seat, obs_row(v, (int)i), mask_row(v, (int)i), g->rounds > 0);
    return PyBool_FromLong(g->rounds == 0);
}

/* A 1-d buffer of num_envs items of itemsize bytes. */
static int vector_buffer(PyObject *obj, Py_buffer *view, int writable, Py_ssize_t itemsize, int count)
{
    int flags = PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0)
        return -1;
    if (view->itemsize != itemsize || view->len != itemsize * count) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_ValueError, "lastcard_vec_step: an array of the wrong size or type");
        return -1;
    }
    return 0;
}

/* lastcard_vec_step(vec, actions int64, playing bool, rewards float64, terminated bool):
 * the learner's action in every playing environment (checked legal by the caller),
 * the bots' replies, the observations and masks written. */
PyObject *lastcard_vec_step(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "lastcard_vec_step(vec, actions, playing, rewards, terminated)");
        return NULL;
    }
    Vec *v = get_vec(args[0]);
    if (v == NULL)
        return NULL;
    Py_buffer actions, playing, rewards, terminated;
    if (vector_buffer(args[1], &actions, 0, 8, v->num_envs) < 0)
        return NULL;
    if (vector_buffer(args[2], &playing, 0, 1, v->num_envs) < 0) {
        PyBuffer_Release(&actions);
        return NULL;
    }
    if (vector_buffer(args[3], &rewards, 1, 8, v->num_envs) < 0) {
        PyBuffer_Release(&actions);
        PyBuffer_Release(&playing);
        return NULL;
    }
    if (vector_buffer(args[4], &terminated, 1, 1, v->num_envs) < 0) {
        PyBuffer_Release(&actions);
        PyBuffer_Release(&playing);
        PyBuffer_Release(&rewards);
        return NULL;
    }
    const int64_t *chosen = actions.buf;
    const uint8_t *live = playing.buf;
    double *reward = rewards.buf;
    uint8_t *over = terminated.buf;
    int rc = 0;
    for (int i = 0; i < v->num_envs && rc == 0; i++) {
        if (!live[i])
            continue;
        LastCard *g = &v->games[i];
        int64_t a = chosen[i];
        int code = a >= 0 && a < v->actions && !g->rounds ? v->decode[a] : -1;
        if (code < 0) {
            PyErr_Format(PyExc_ValueError, "environment %d: action %lld is not one it can take", i, (long long)a);
            rc = -1;
            break;
        }
        int seat = v->seat;
        rc = code == CODE_DRAW ? lc_draw(g, seat) : code == CODE_KEEP ? lc_keep(g, seat) : play_code(g, seat, code);
        if (rc == 0)
            rc = bots_play(v, g);
        if (rc < 0)
            break;
        int done = g->rounds > 0;
        over[i] = (uint8_t)done;
        reward[i] = done ? win_reward(v, g) : 0.0;
        encode(v, g, v->seat, obs_row(v, i), mask_row(v, i), done);
    }
    PyBuffer_Release(&actions);
    PyBuffer_Release(&playing);
    PyBuffer_Release(&rewards);
    PyBuffer_Release(&terminated);
    if (rc < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* lastcard_vec_observe(vec, state, seat, over): seat's observation and mask of a
 * LastCardState of the vec's table size written into row 0 of the vec's arrays (the
 * AEC environment's observe); False, nothing written, for a state the C does not hold. */
PyObject *lastcard_vec_observe(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "lastcard_vec_observe(vec, state, seat, over)");
        return NULL;
    }
    Vec *v = get_vec(args[0]);
    if (v == NULL)
        return NULL;
    long seat = PyLong_AsLong(args[2]);
    int over = PyObject_IsTrue(args[3]);
    if ((seat == -1 && PyErr_Occurred()) || over < 0)
        return NULL;
    LastCard g;
    int rc = lastcard_read(&g, args[1]);
    if (rc < 0)
        return NULL;
    if (rc > 0 || g.n != v->n || seat < 0 || seat >= v->n)
        Py_RETURN_FALSE;
    if (get_int(args[1], "is_over", &g.is_over) < 0)
        return NULL;
    encode(v, &g, (int)seat, obs_row(v, 0), mask_row(v, 0), over);
    Py_RETURN_TRUE;
}
