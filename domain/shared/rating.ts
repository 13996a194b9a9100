/** The average rating in hundredths (4.67 is 467), rounded half up; 0 with no reviews. */
export function averageRatingHundredths(total: number, count: number): number {
  return count === 0 ? 0 : Math.round((total * 100) / count);
}

/** The rating as the API shows it: a number with at most 2 decimals (4.67). */
export function ratingFromHundredths(hundredths: number): number {
  return hundredths / 100;
}
