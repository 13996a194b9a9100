import { GetAchievements, GetUserBadges, RecordAchievements } from '#application/achievements/index.ts';
import {
  AcceptBid,
  DeclineBid,
  EditBid,
  GetBidQuota,
  ListMyBidStatuses,
  ListMyBids,
  ListProjectBids,
  SubmitBid,
} from '#application/bids/index.ts';
import { GetCatalog } from '#application/catalog/index.ts';
import { ListSavedProjects, OpenProject, SaveProject, UnsaveProject } from '#application/engagement/index.ts';
import { GetLanding } from '#application/landing/index.ts';
import {
  AnswerQuestion,
  AskQuestion,
  CancelProject,
  ChangeBidDeadline,
  DeleteProject,
  EditProject,
  GetProject,
  HideQuestion,
  ListAddenda,
  ListProjects,
  ListQuestions,
  MoveProjectPhase,
  PostAddendum,
  PostClarification,
  PostProject,
} from '#application/projects/index.ts';
import { ListMyReviews, ReviewContractor } from '#application/reviews/index.ts';
import {
  CreateSavedSearch,
  DeleteSavedSearch,
  ListSavedSearches,
  UpdateSavedSearch,
} from '#application/saved-searches/index.ts';
import { GetUserStats } from '#application/stats/index.ts';
import { context, withDeps } from './context.ts';
import { TOKENS } from './tokens.ts';

const {
  UnitOfWork: Uow,
  Files,
  ProjectQuery: PQ,
  BidQuery: BQ,
  StatsQuery: SQ,
  Settings,
  SearchVocabulary,
} = TOKENS;
const { Ids, Clock: Time, Engagement, SavedSearches, HiddenContent: Hidden } = TOKENS;
/** What most of them take: the unit of work and the clock; with new ids; with the files too. */
const changes = { uow: Uow, clock: Time };
const creates = { ...changes, ids: Ids };
const withFiles = { ...changes, files: Files };
const stats = { stats: SQ, clock: Time, settings: Settings };

/** The marketplace: projects, their questions and addenda, bids, reviews, saves, searches, the catalogue. */
export const marketplace = context(
  {
    listProjects: withDeps(ListProjects, { projects: PQ, vocabulary: SearchVocabulary, hidden: Hidden }),
    getProject: withDeps(GetProject, {
      projects: PQ,
      hidden: Hidden,
      clock: Time,
      suspensions: TOKENS.Suspensions,
    }),
    openProject: withDeps(OpenProject, { engagement: Engagement, clock: Time, settings: Settings }),
    postProject: withDeps(PostProject, { ...creates, files: Files }),
    editProject: withDeps(EditProject, withFiles),
    deleteProject: withDeps(DeleteProject, withFiles),
    moveProjectPhase: withDeps(MoveProjectPhase, changes),
    cancelProject: withDeps(CancelProject, changes),
    changeBidDeadline: withDeps(ChangeBidDeadline, changes),
    listAddenda: withDeps(ListAddenda, { uow: Uow }),
    postAddendum: withDeps(PostAddendum, { ...creates, files: Files }),
    askQuestion: withDeps(AskQuestion, creates),
    answerQuestion: withDeps(AnswerQuestion, changes),
    postClarification: withDeps(PostClarification, creates),
    hideQuestion: withDeps(HideQuestion, { uow: Uow }),
    listQuestions: withDeps(ListQuestions, { uow: Uow }),
    submitBid: withDeps(SubmitBid, { ...creates, settings: Settings }),
    editBid: withDeps(EditBid, changes),
    acceptBid: withDeps(AcceptBid, changes),
    declineBid: withDeps(DeclineBid, changes),
    listProjectBids: withDeps(ListProjectBids, { uow: Uow, bids: BQ, hidden: Hidden }),
    listMyBids: withDeps(ListMyBids, { bids: BQ, hidden: Hidden }),
    listMyBidStatuses: withDeps(ListMyBidStatuses, { bids: BQ }),
    getBidQuota: withDeps(GetBidQuota, stats),
    reviewContractor: withDeps(ReviewContractor, creates),
    listMyReviews: withDeps(ListMyReviews, { reviews: TOKENS.ReviewQuery, hidden: Hidden }),
    saveProject: withDeps(SaveProject, { projects: PQ, engagement: Engagement, clock: Time }),
    unsaveProject: withDeps(UnsaveProject, { projects: PQ, engagement: Engagement }),
    listSavedProjects: withDeps(ListSavedProjects, { projects: PQ, engagement: Engagement, hidden: Hidden }),
    createSavedSearch: withDeps(CreateSavedSearch, { searches: SavedSearches, ids: Ids, clock: Time }),
    updateSavedSearch: withDeps(UpdateSavedSearch, { searches: SavedSearches, clock: Time }),
    deleteSavedSearch: withDeps(DeleteSavedSearch, { searches: SavedSearches }),
    listSavedSearches: withDeps(ListSavedSearches, { searches: SavedSearches }),
    getCatalog: withDeps(GetCatalog, {}),
    getLanding: withDeps(GetLanding, { projects: PQ, landing: TOKENS.LandingQuery, hidden: Hidden }),
    getUserStats: withDeps(GetUserStats, stats),
    getAchievements: withDeps(GetAchievements, changes),
    getUserBadges: withDeps(GetUserBadges, changes),
  },
  // Achievements follow the events that earn points (composition/workers.ts subscribes it).
  [withDeps(RecordAchievements, creates)],
);
