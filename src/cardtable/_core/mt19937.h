/* CPython's Mersenne Twister, read and advanced in place.
 *
 * A random.Random is a _random.Random object: after the object header, the index of
 * the next word and the generator's 624 words. The compiled playouts draw from the
 * very generator the Python code would draw from, with CPython's own algorithms
 * (genrand_uint32, getrandbits for k <= 32, the engine's rejection sampling), so both
 * implementations make the same draws and leave the generator in the same state.
 * cardtable._core checks this layout against Python's own draws before it uses it.
 */
#ifndef CARDTABLE_MT19937_H
#define CARDTABLE_MT19937_H

#include <Python.h>
#include <stdint.h>

#define MT_N 624
#define MT_M 397

typedef struct {
    PyObject_HEAD
    int index;
    uint32_t state[MT_N];
} RandomObject;

/* genrand_uint32 of CPython's Modules/_randommodule.c. */
static inline uint32_t mt_next(RandomObject *r)
{
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t *mt = r->state;
    uint32_t y;
    if (r->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        r->index = 0;
    }
    y = mt[r->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* Random.getrandbits(k) for 1 <= k <= 32. */
static inline uint32_t mt_bits(RandomObject *r, int k) { return mt_next(r) >> (32 - k); }

/* int.bit_length() of n > 0. */
static inline int bit_length(uint32_t n) { return 32 - __builtin_clz(n); }

/* cardtable.engine.state.random_index: a uniform draw from range(n), n >= 1. */
static inline int mt_index(RandomObject *r, int n)
{
    if (n == 1)
        return 0;
    int k = bit_length((uint32_t)n);
    uint32_t x;
    do
        x = mt_bits(r, k);
    while (x >= (uint32_t)n);
    return (int)x;
}

/* Random._randbelow, behind randrange(n) for n >= 1: unlike mt_index, it draws even
 * from range(1). */
static inline int mt_randbelow(RandomObject *r, int n)
{
    int k = bit_length((uint32_t)n);
    uint32_t x;
    do
        x = mt_bits(r, k);
    while (x >= (uint32_t)n);
    return (int)x;
}

/* cardtable.engine.state.shuffle (the draws of random.Random.shuffle). */
static inline void mt_shuffle(RandomObject *r, int8_t *items, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int k = bit_length((uint32_t)(i + 1));
        uint32_t j;
        do
            j = mt_bits(r, k);
        while (j > (uint32_t)i);
        int8_t t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

#endif
