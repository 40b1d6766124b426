/* Last Card's rule steps in C: cardtable.games.lastcard.state's, step for step.
 *
 * The playouts (lastcard_playout.c) read a LastCardState into a LastCard, choose moves
 * and apply them here, drawing from the same generators as the Python steps in the
 * same order, so both reach the same state. Every function names the Python code it
 * mirrors. The state holds at most the deck's 108 cards (checked when it is read),
 * so no pile or hand can outgrow its array.
 */
#include "lastcard.h"

#include <string.h>

#include "playout_io.h"

int8_t lc_kind[LC_TYPES], lc_color_of[LC_TYPES], lc_points[LC_TYPES], lc_copies[LC_TYPES];
static int8_t rank_of[LC_TYPES], penalty_of[LC_TYPES];
static uint64_t matching[LC_TYPES * 4];
static int8_t deck[LC_DECK];

/* cards.KIND, COLOR_OF, RANK_OF, POINTS, PENALTY, COPIES, MATCHING and DECK. */
void lastcard_tables(void)
{
    static const int8_t kinds[13] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, LC_SKIP, LC_REVERSE, LC_PLUS2};
    for (int t = 0; t < LC_WILD; t++) {
        lc_kind[t] = kinds[t % 13];
        lc_color_of[t] = (int8_t)(t / 13);
        rank_of[t] = (int8_t)(t % 13);
        lc_points[t] = (int8_t)(t % 13 < 10 ? t % 13 : 20);
        lc_copies[t] = t % 13 == 0 ? 1 : 2;
    }
    lc_kind[LC_WILD] = LC_WILDCARD;
    lc_kind[LC_PLUS4] = LC_PLUS4CARD;
    for (int t = LC_WILD; t < LC_TYPES; t++) {
        lc_color_of[t] = -1;
        rank_of[t] = (int8_t)(13 + t - LC_WILD);
        lc_points[t] = 50;
        lc_copies[t] = 4;
    }
    for (int t = 0; t < LC_TYPES; t++)
        penalty_of[t] = lc_kind[t] == LC_PLUS2 ? 2 : lc_kind[t] == LC_PLUS4CARD ? 4 : 0;
    for (int top = 0; top < LC_TYPES; top++)
        for (int c = 0; c < 4; c++) {
            uint64_t mask = LC_BIT(LC_WILD) | LC_BIT(LC_PLUS4);
            for (int t = 0; t < LC_WILD; t++)
                if (lc_color_of[t] == c || (top < LC_WILD && rank_of[t] == rank_of[top]))
                    mask |= LC_BIT(t);
            matching[top * 4 + c] = mask;
        }
    int size = 0;
    for (int t = 0; t < LC_TYPES; t++)
        for (int k = 0; k < lc_copies[t]; k++)
            deck[size++] = (int8_t)t;
}

/* Rules.__init__ (the options the state reads itself are set by the caller). */
void lastcard_rules(LastCardRules *rules, int plus4_on_plus2, int stack_two, int stack_four)
{
    uint64_t plus2_mask = 0;
    for (int t = 0; t < LC_WILD; t++)
        if (lc_kind[t] == LC_PLUS2)
            plus2_mask |= LC_BIT(t);
    for (int i = 0; i < LC_TYPES * 4; i++) {
        uint64_t mask = matching[i];
        if (lc_kind[i / 4] == LC_PLUS2 && !plus4_on_plus2)
            mask &= ~LC_BIT(LC_PLUS4);
        rules->playable[i] = mask;
    }
    rules->stack_two = stack_two ? plus2_mask | (plus4_on_plus2 ? LC_BIT(LC_PLUS4) : 0) : 0;
    rules->stack_four = stack_four ? LC_BIT(LC_PLUS4) : 0;
    for (int t = 0; t < LC_TYPES; t++)
        rules->after_number[t] = lc_kind[t] == LC_NUMBER ? rules->playable[t * 4 + lc_color_of[t]] : 0;
}

static void take(LastCard *g, int seat, int t)
{
    g->counts[seat][t]++;
    g->masks[seat] |= LC_BIT(t);
    g->sizes[seat]++;
}

/* _give: seat draws up to k cards, reshuffling the discard pile (engine.piles.reshuffle)
 * under what is left of the draw pile when that is short; returns how many. */
static int give(LastCard *g, int seat, long k)
{
    if (g->ndraw < k && g->ndiscard > 1) {
        int8_t left[LC_DECK];
        int nleft = g->ndraw;
        memcpy(left, g->draw, (size_t)nleft);
        int8_t top = g->discard[--g->ndiscard];
        mt_shuffle(g->rng, g->discard, g->ndiscard);
        memcpy(g->draw, g->discard, (size_t)g->ndiscard);
        memcpy(g->draw + g->ndiscard, left, (size_t)nleft);
        g->ndraw = g->ndiscard + nleft;
        g->discard[0] = top;
        g->ndiscard = 1;
    }
    int got = k < g->ndraw ? (int)k : g->ndraw;
    for (int i = g->ndraw - got; i < g->ndraw; i++)
        take(g, seat, g->draw[i]);
    g->ndraw -= got;
    return got;
}

/* _begin_turn: the turn to seat; who cannot play and may not choose draws at once. */
static void begin_turn(LastCard *g, int seat, int drawing)
{
    uint64_t held = 0;
    for (;;) {
        int t;
        if (drawing) {
            drawing = 0;
            held = 0;
        } else {
            held = g->masks[seat] & g->playable;
            if (held || g->pending || g->rules.draw_flag)
                break;
            if (!g->ndraw && g->ndiscard < 2)
                break;
        }
        if (g->ndraw) {
            t = g->draw[--g->ndraw];
            take(g, seat, t);
        } else {
            if (!give(g, seat, 1)) {
                seat = lc_after(g, seat);
                continue;
            }
            t = g->draw[g->ndraw]; /* the card just given, still in the array */
        }
        if (g->rules.play_drawn) {
            g->phase = LC_PLAY_DRAWN;
            g->drawn = t;
            break;
        }
        seat = lc_after(g, seat);
    }
    g->current = seat;
    g->playable_held = held;
}

static uint64_t playable_now(const LastCard *g)
{
    int top = g->discard[g->ndiscard - 1];
    if (g->pending)
        return lc_kind[top] == LC_PLUS2 ? g->rules.stack_two : g->rules.stack_four;
    return g->rules.playable[top * 4 + g->color];
}

/* turn_start_card: turn cards until a number comes up, the others back at random. */
static int turn_start_card(LastCard *g)
{
    while (lc_kind[g->draw[g->ndraw - 1]] != LC_NUMBER) {
        int8_t card = g->draw[--g->ndraw];
        int at = mt_randbelow(g->rng, g->ndraw + 1);
        memmove(g->draw + at + 1, g->draw + at, (size_t)(g->ndraw - at));
        g->draw[at] = card;
        g->ndraw++;
    }
    return g->draw[--g->ndraw];
}

/* _start_round: shuffle, deal seven each, turn the start card. */
static void start_round(LastCard *g)
{
    int n = g->n;
    g->round++;
    memcpy(g->draw, deck, LC_DECK);
    mt_shuffle(g->rng, g->draw, LC_DECK);
    memset(g->counts, 0, sizeof g->counts);
    for (int p = 0; p < n; p++) {
        g->masks[p] = 0;
        g->sizes[p] = 0;
        for (int i = LC_DECK - 7 * (p + 1); i < LC_DECK - 7 * p; i++)
            take(g, p, g->draw[i]);
    }
    g->ndraw = LC_DECK - 7 * n;
    int top = turn_start_card(g);
    g->discard[0] = (int8_t)top;
    g->ndiscard = 1;
    g->color = lc_color_of[top];
    g->pending = 0;
    g->direction = 1;
    g->starter = (g->starter + 1) % n;
    g->phase = LC_TURN;
    g->drawn = LC_NO_CARD;
    g->playable = g->rules.playable[top * 4 + g->color];
    begin_turn(g, g->starter, 0);
}

void lc_new_round(LastCard *g) { start_round(g); }

static long hand_points(const LastCard *g, int seat)
{
    long total = 0;
    for (int t = 0; t < LC_TYPES; t++)
        if (g->masks[seat] & LC_BIT(t))
            total += (long)lc_points[t] * g->counts[seat][t];
    return total;
}

/* _end_round: the pending draw, the winner's score, the match's end. */
static int end_round(LastCard *g, int winner)
{
    int n = g->n;
    if (g->pending) {
        give(g, lc_after(g, winner), g->pending);
        g->pending = 0;
    }
    long scores[LC_MAX_SEATS] = {0}, high = 0;
    for (int p = 0; p < n; p++)
        scores[winner] += hand_points(g, p);
    if (record_round(g->round_scores, n, scores, g->totals, &high) < 0)
        return -1;
    g->round_ended = 1;
    g->rounds++;
    if (high > g->rules.target) {
        g->is_over = 1;
        g->phase = LC_OVER;
    } else {
        start_round(g);
    }
    return 0;
}

/* play_step: play a card of type t naming color, calling "Last Card" or not. */
int lc_play(LastCard *g, int seat, int t, int color, int call)
{
    const LastCardRules *rules = &g->rules;
    if (!--g->counts[seat][t])
        g->masks[seat] ^= LC_BIT(t);
    int size = --g->sizes[seat];
    g->discard[g->ndiscard++] = (int8_t)t;
    g->color = color;
    if (g->phase == LC_PLAY_DRAWN) {
        g->phase = LC_TURN;
        g->drawn = LC_NO_CARD;
    }
    if (size == 1 && !call && rules->missed_call)
        give(g, seat, rules->missed_call);
    uint64_t follow = rules->after_number[t];
    if (follow && size) {
        g->playable = follow;
        begin_turn(g, lc_after(g, seat), 0);
        return 0;
    }
    int effect = lc_kind[t];
    if (effect == LC_REVERSE)
        g->direction = -g->direction;
    int penalty = penalty_of[t];
    g->pending += penalty;
    if (!size)
        return end_round(g, seat);
    int next = lc_after(g, seat);
    if (effect == LC_SKIP || (effect == LC_REVERSE && g->n == 2))
        next = lc_after(g, next);
    if (penalty) {
        uint64_t answers = effect == LC_PLUS2 ? rules->stack_two : rules->stack_four;
        if (answers) {
            g->playable = answers;
            begin_turn(g, next, 0);
            return 0;
        }
        give(g, next, g->pending);
        g->pending = 0;
        next = lc_after(g, next);
    }
    g->playable = rules->playable[t * 4 + color];
    begin_turn(g, next, 0);
    return 0;
}

/* draw_step: the whole pending amount, else one card. */
int lc_draw(LastCard *g, int seat)
{
    if (g->pending) {
        give(g, seat, g->pending);
        g->pending = 0;
        g->playable = playable_now(g);
        begin_turn(g, lc_after(g, seat), 0);
    } else {
        begin_turn(g, seat, 1);
    }
    return 0;
}

/* keep_step: keep the card just drawn; the turn passes on. */
int lc_keep(LastCard *g, int seat)
{
    g->phase = LC_TURN;
    g->drawn = LC_NO_CARD;
    begin_turn(g, lc_after(g, seat), 0);
    return 0;
}
