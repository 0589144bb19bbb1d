import { useSiteConfig } from '../../stores/site';
import { useUserRatings } from './api/get-user-ratings';
import { ratingColor } from './rating-band';

export { ratingColor };

/**
 * Coloured names in a list (issue 30): where the site admin switched ratingNameColor on, one call
 * for the page's users answers their ratings (cached); the answer maps a uid to its band's colour,
 * undefined for unrated users and while the switch is off (no call is made then).
 */
export function useRatingColors(uids: readonly number[]): (uid: number) => string | undefined {
  const { ratingNameColor } = useSiteConfig();
  const ratings = useUserRatings(uids, !!ratingNameColor);
  const m = ratingNameColor ? ratings.data : undefined;
  return (uid) => ratingColor(m?.get(uid));
}
