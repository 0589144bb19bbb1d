import { ratingBandOf } from '@verdict/shared';

/** The colour of a rating's Codeforces band (grey, green, cyan, blue, violet, orange, red); undefined when unrated. */
export const ratingColor = (rating: number | null | undefined): string | undefined => (rating == null ? undefined : ratingBandOf(rating).color);
