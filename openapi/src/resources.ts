/**
 * The API shapes the screens read: aliases of the generated OpenAPI types (openapi/schema.d.ts),
 * so a change in the API's document shows up here as a type error.
 */
import type { components } from '../schema.d.ts';

type Schemas = components['schemas'];

export type ProjectAttachment = Schemas['Attachment'];
/** One project (GET /api/projects/{id}): with takingBids and the caller's own bid. */
export type Project = Schemas['Project'];
/** A project in a list (browse, My Projects). */
export type ProjectSummary = Schemas['ProjectSummary'];
export type Bid = Schemas['Bid'];
export type BidStatus = Bid['status'];
/** A bid in Received Bids, with its contractor. */
export type ProjectBid = Schemas['ProjectBid'];
/** A bid in My Bids, with its project. */
export type OwnBid = Schemas['MyBid'];
export type UserStats = Schemas['UserStats'];
export type ProjectData = Schemas['ProjectData'];
/** An owner's published change to a project while it takes bids (decision 0130). */
export type ProjectAddendum = Schemas['Addendum'];
/** A project question (RFI) or the owner's clarification (decision 0131). */
export type ProjectQuestion = Schemas['Question'];
/** A saved browse search with its alert setting (decision 0133). */
export type SavedSearch = Schemas['SavedSearch'];
export type SearchAlerts = SavedSearch['alerts'];
