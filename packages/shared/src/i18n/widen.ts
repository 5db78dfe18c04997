/** A catalog's shape with every text widened to string: what each other language must provide. */
export type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
