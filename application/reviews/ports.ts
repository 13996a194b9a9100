/** A review as the reviewed contractor reads it on their profile. */
export interface ReceivedReview {
  id: string;
  rating: number;
  comment: string | null;
  /** Null once the project is deleted (the review is kept). */
  projectId: string | null;
  projectTitle: string | null;
  reviewerName: string;
  createdAt: Date;
}

/** The reviews' read side. */
export interface ReviewQuery {
  /** Reviews about the user, newest first, at most `limit`. */
  receivedBy(userId: string, limit: number): Promise<ReceivedReview[]>;
}
