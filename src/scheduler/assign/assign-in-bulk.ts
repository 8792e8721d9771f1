/**
 * The bulk of a Webster apportionment without giving seats one at a time
 * (docs/karmada-compatibility.md#webster-division-and-tie-breaks). One by one, each seat goes to the highest
 * votes / (2 × seats + 1); a party's priorities fall with every seat, so the seats given are exactly the `newSeats`
 * highest priorities over all parties. Every seat whose priority is above the last one given is given whatever the
 * tie-break, so it can be handed out at once: a threshold found by bisection, a count per party. What is left (at most
 * about one seat per party) goes one by one, with the tie-break. Parties without votes only get seats when no party has
 * any, one each in turn: the lowest counts are raised to a common level at once. O(parties) per step, whatever
 * `newSeats` is. Pure; mutates the parties' `seats`.
 */

/** What the bulk step needs of a party. */
interface Seated {
  votes: number;
  seats: number;
}

/** How many more seats a party gets whose priority is above `threshold` (> 0); counted up to `cap` only. */
function seatsAbove(party: Seated, threshold: number, cap: number): number {
  const { votes, seats } = party;
  if (votes / (2 * seats + 1) <= threshold) return 0;
  let last = Math.min(seats + cap, Math.max(seats, Math.floor((votes / threshold - 1) / 2)));
  // The estimate is off by rounding at most: settle it on the priorities as the one-by-one loop computes them.
  while (last > seats && votes / (2 * last + 1) <= threshold) last--;
  while (last < seats + cap && votes / (2 * last + 3) > threshold) last++;
  return last - seats + 1;
}

const above = (parties: readonly Seated[], threshold: number, cap: number): number =>
  parties.reduce((n, p) => n + seatsAbove(p, threshold, cap), 0);

/** Raises the lowest seat counts to the highest common level `newSeats` allows; returns the seats given. */
function levelUp(parties: Seated[], newSeats: number): number {
  const needed = (level: number): number => parties.reduce((n, p) => n + Math.max(0, level - p.seats), 0);
  let low = Math.min(...parties.map((p) => p.seats));
  let high = low + Math.ceil(newSeats / parties.length) + 1;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (needed(mid) <= newSeats) low = mid;
    else high = mid;
  }
  const given = needed(low);
  for (const p of parties) p.seats = Math.max(p.seats, low);
  return given;
}

/** Gives the seats above the last one's priority (see the module comment); returns how many it gave. */
export function seatsInBulk(parties: Seated[], newSeats: number): number {
  if (newSeats <= parties.length) return 0;
  if (parties.every((p) => p.votes <= 0)) return levelUp(parties, newSeats);
  // The highest priority gives no seat above it; below the lowest one, too many are.
  let high = Math.max(...parties.map((p) => p.votes / (2 * p.seats + 1)));
  let low = 0;
  for (let i = 0; i < 200 && low < high; i++) {
    const mid = low + (high - low) / 2;
    if (mid === low || mid === high) break;
    if (above(parties, mid, newSeats) <= newSeats) high = mid;
    else low = mid;
  }
  let given = 0;
  for (const p of parties) {
    const more = seatsAbove(p, high, newSeats);
    p.seats += more;
    given += more;
  }
  return given;
}
