/* Skyjo's greedy bot (cardtable.games.skyjo.greedy) playing a round out in C.
 *
 * Bot.playout with SkyjoGreedy in every seat: the seat to act picked from the chance
 * generator in the setup phase, each seat's choice made as SkyjoGreedy.act makes it
 * (its reveals drawn from the bot's generator), applied with skyjo.c's rule steps and
 * logged with the same entries. The same floating-point sums in the same order give
 * the same choices. Every function names the Python code it mirrors.
 */
#include "skyjo_greedy.h"

#include <math.h>

#include "playout_io.h"
#include "skyjo.h"

/* greedy.KEEP_ON_HIDDEN, TAKE, TEMPO and LAST_TURN_GAIN. */
#define KEEP_ON_HIDDEN 4
#define TAKE 3.0
#define TEMPO 0.3
#define LAST_TURN_GAIN 1.5
#define MEAN (760.0 / 150.0) /* greedy.MEAN: sum(DECK) / len(DECK) */

static double worth(int card, int status) { return status == UP ? (double)card : MEAN; }

/* _finish_wins: ending the round with card at pos likely leaves seat lowest. */
static int finish_wins(const Skyjo *g, int seat, int pos, int card)
{
    long total = 0;
    for (int p = 0; p < SLOTS; p++)
        if (p == pos)
            total += card;
        else if (g->status[seat][p] == UP)
            total += g->cards[seat][p];
    if (total <= 0)
        return 1;
    for (int other = 0; other < g->n; other++) {
        if (other == seat)
            continue;
        long shown = 0;
        for (int p = 0; p < SLOTS; p++)
            if (g->status[other][p] == UP)
                shown += g->cards[other][p];
        if ((double)total >= (double)shown + (double)g->down[other] * MEAN - LAST_TURN_GAIN)
            return 0;
    }
    return 1;
}

/* SkyjoGreedy._best: the best gain from keeping card and where (NO_SEAT: nowhere). */
static double best(const Skyjo *g, int seat, int card, int *where)
{
    const int8_t *cards = g->cards[seat], *status = g->status[seat];
    int last = g->finisher == NO_SEAT && g->down[seat] == 1;
    double most = -HUGE_VAL;
    *where = NO_SEAT;
    for (int p = 0; p < SLOTS; p++) {
        int st = status[p];
        if (st == GONE)
            continue;
        int column = p % 4, j = -1, k = -1; /* the column's other two positions, in order */
        for (int q = column; q < SLOTS; q += 4)
            if (q != p) {
                if (j < 0)
                    j = q;
                else
                    k = q;
            }
        double gain;
        if (g->clear_columns && status[j] == UP && status[k] == UP && cards[j] == card && cards[k] == card)
            gain = worth(cards[p], st) + 2 * card;
        else if (st == UP) {
            gain = cards[p] - card;
            if (gain <= 0)
                continue;
        } else if (card <= KEEP_ON_HIDDEN)
            gain = MEAN + TEMPO - card;
        else
            continue;
        if (last && st == DOWN && !finish_wins(g, seat, p, card))
            continue;
        if (gain > most) {
            most = gain;
            *where = p;
        }
    }
    return most;
}

/* SkyjoGreedy.act: the move's log code; -1 with IndexError or ValueError set where the
 * Python code raises them (an empty discard pile, nothing to reveal or to replace). */
static int act(const Skyjo *g, int seat, RandomObject *bot_rng)
{
    const int8_t *cards = g->cards[seat], *status = g->status[seat];
    int where;
    if (g->phase == TURN) {
        if (!g->ndraw && g->ndiscard <= 1)
            return C_TAKE;
        if (!g->ndiscard) {
            PyErr_SetString(PyExc_IndexError, "the discard pile is empty");
            return -1;
        }
        return best(g, seat, g->discard[g->ndiscard - 1], &where) >= TAKE ? C_TAKE : C_DRAW;
    }
    if (g->holding == NO_CARD) { /* setup, or the reveal after a discard */
        int hidden[SLOTS], k = 0;
        for (int p = 0; p < SLOTS; p++)
            if (status[p] == DOWN)
                hidden[k++] = p;
        if (!k) {
            PyErr_SetString(PyExc_ValueError, "no face-down card to reveal");
            return -1;
        }
        return C_REVEAL + hidden[mt_randbelow(bot_rng, k)];
    }
    int card = g->holding;
    best(g, seat, card, &where);
    if (where != NO_SEAT)
        return C_REPLACE + where;
    if (g->phase == PLACE_DRAWN && g->down[seat]) {
        if (g->down[seat] == 1 && g->finisher == NO_SEAT && card < MEAN)
            for (int p = 0; p < SLOTS; p++)
                if (status[p] == DOWN)
                    return C_REPLACE + p; /* the round ends either way: end it low */
        return C_DISCARD;
    }
    int place = NO_SEAT; /* the least bad place: the first of the highest worths */
    double most = -HUGE_VAL;
    for (int p = 0; p < SLOTS; p++)
        if (status[p] != GONE && worth(cards[p], status[p]) - card > most) {
            most = worth(cards[p], status[p]) - card;
            place = p;
        }
    if (place == NO_SEAT) {
        PyErr_SetString(PyExc_ValueError, "no card to replace");
        return -1;
    }
    return C_REPLACE + place;
}

/* Bot.playout's loop: pick_actor, act, apply_legal, to the end of the round. */
static int play(Skyjo *g, RandomObject *chance, RandomObject *bot_rng, PyObject *append)
{
    while (!g->is_over && !g->rounds_played) {
        int seat = g->current;
        if (g->phase == SETUP) {
            int seats[MAX_SEATS], k = 0;
            for (int p = 0; p < g->n; p++)
                if (g->reveals_left[p])
                    seats[k++] = p;
            seat = k == 1 ? seats[0] : seats[mt_randbelow(chance, k)];
        }
        int code = act(g, seat, bot_rng);
        if (code < 0
            || log_append(append, PyTuple_GET_ITEM(skyjo_entries, code * MAX_SEATS + seat)) < 0
            || skyjo_step(g, seat, code) < 0)
            return -1;
    }
    return 0;
}

PyObject *skyjo_greedy_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    Skyjo g;
    PyObject *append = skyjo_begin(&g, args, nargs, 3,
                                   "skyjo_greedy_playout(state, state_rng, chance, bot_rng)");
    if (append == NULL)
        return NULL;
    int over = g.is_over; /* a match over has no round to play: left as it is */
    int rc = over ? 0 : play(&g, (RandomObject *)args[2], (RandomObject *)args[3], append);
    Py_DECREF(append);
    Py_DECREF(g.round_scores);
    if (rc < 0 || (!over && skyjo_write(&g, args[0]) < 0))
        return NULL;
    Py_RETURN_NONE;
}
