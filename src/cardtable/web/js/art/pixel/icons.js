// Small sprites more than one pixel deck uses: opposite arrows (a Cactus swap, a Last
// Card reverse) and an eye (a Cactus look).

/** Two arrows pointing opposite ways, 7x6: "i" is the ink. */
export const ARROWS = ["..i....", ".iiiiii", "..i....", "....i..", "iiiiii.", "....i.."];

/** An open eye, 7x5. */
export const EYE = ["..iii..", ".i...i.", "i..i..i", ".i...i.", "..iii.."];

/** A five-pointed star, 5x5. */
export const STAR = ["..i..", "iiiii", ".iii.", ".i.i.", "i...i"];
