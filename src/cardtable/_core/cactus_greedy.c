/* Cactus's greedy bot in C: cardtable.games.cactus.greedy's choices, made from the
 * same knowledge (see cactus_rules.h). */
#include "cactus_rules.h"

/* The greedy bot's constants (greedy.py): call at, call lead, a low card, and the
 * turns a seat after which it calls whatever its estimate. */
#define CALL_AT 6.0
#define CALL_LEAD 12.0
#define LOW 3
#define PATIENCE 20

/* greedy.MEAN: the mean value of the deck. */
double cactus_deck_mean(void)
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
        if (own->estimate <= CALL_AT || own->estimate + CALL_LEAD <= low
            || g->turn_number >= (long)PATIENCE * g->n)
            return A_CALL;
    }
    if (cactus_can_take(g, seat) && slot_for(own, value_of(g->discard[g->ndiscard - 1]), mean) >= 0)
        return A_TAKE;
    if (cactus_can_draw(g))
        return A_DRAW;
    return g->caller == NO_SEAT ? A_CALL : A_TAKE; /* legal[0] */
}

/* CactusGreedy's targets: the lowest known opponent card to swap for, else the
 * first unknown one, else the first. */
static int greedy_target(const Cactus *g, int seat)
{
    int swap = g->phase == CHOOSE_PHASE, seats[MAX_LEGAL], slots[MAX_LEGAL];
    int k = cactus_opponent_cards(g, seat, swap, seats, slots), pick = -1;
    if (swap) /* _lowest_known */
        for (int j = 0; j < k; j++)
            if (cactus_knows(g, seat, seats[j], slots[j])
                && (pick < 0
                    || value_of(g->cards[seats[j]][slots[j]])
                        < value_of(g->cards[seats[pick]][slots[pick]])))
                pick = j;
    if (pick < 0) {
        pick = 0;
        for (int j = 0; j < k; j++)
            if (!cactus_knows(g, seat, seats[j], slots[j])) {
                pick = j;
                break;
            }
    }
    int base = swap ? A_CHOOSE : A_PEEK_OPPONENT;
    return base + seats[pick] * MAX_SLOTS + slots[pick];
}

/* CactusGreedy.act */
int cactus_greedy_act(const Cactus *g, int seat, double mean)
{
    int phase = g->phase;
    if (phase == LOOK_PHASE)
        return A_LOOK;
    if (phase == WINDOW) { /* _throw */
        for (int i = 0; i < g->len[seat]; i++) {
            int c = g->cards[seat][i];
            if (c != EMPTY && rank_of(c) == g->window_rank && cactus_knows(g, seat, seat, i))
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
