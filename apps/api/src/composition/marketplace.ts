import { type Container, ContainerModule } from 'inversify';
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
import { GetPlatformStats, GetUserStats } from '#application/stats/index.ts';
import { TOKENS } from './tokens.ts';

/** The marketplace: projects, their questions and addenda, bids, reviews, saves, searches, the catalogue. */
export function marketplaceUseCases(container: Container) {
  return {
    listProjects: container.get(ListProjects),
    getProject: container.get(GetProject),
    openProject: container.get(OpenProject),
    postProject: container.get(PostProject),
    editProject: container.get(EditProject),
    deleteProject: container.get(DeleteProject),
    moveProjectPhase: container.get(MoveProjectPhase),
    cancelProject: container.get(CancelProject),
    changeBidDeadline: container.get(ChangeBidDeadline),
    listAddenda: container.get(ListAddenda),
    postAddendum: container.get(PostAddendum),
    askQuestion: container.get(AskQuestion),
    answerQuestion: container.get(AnswerQuestion),
    postClarification: container.get(PostClarification),
    hideQuestion: container.get(HideQuestion),
    listQuestions: container.get(ListQuestions),
    submitBid: container.get(SubmitBid),
    editBid: container.get(EditBid),
    acceptBid: container.get(AcceptBid),
    declineBid: container.get(DeclineBid),
    listProjectBids: container.get(ListProjectBids),
    listMyBids: container.get(ListMyBids),
    listMyBidStatuses: container.get(ListMyBidStatuses),
    getBidQuota: container.get(GetBidQuota),
    reviewContractor: container.get(ReviewContractor),
    listMyReviews: container.get(ListMyReviews),
    saveProject: container.get(SaveProject),
    unsaveProject: container.get(UnsaveProject),
    listSavedProjects: container.get(ListSavedProjects),
    createSavedSearch: container.get(CreateSavedSearch),
    updateSavedSearch: container.get(UpdateSavedSearch),
    deleteSavedSearch: container.get(DeleteSavedSearch),
    listSavedSearches: container.get(ListSavedSearches),
    getCatalog: container.get(GetCatalog),
    getLanding: container.get(GetLanding),
    getUserStats: container.get(GetUserStats),
    getAchievements: container.get(GetAchievements),
    getUserBadges: container.get(GetUserBadges),
  };
}
export type MarketplaceUseCases = ReturnType<typeof marketplaceUseCases>;

/** The marketplace's use cases that take only bound ports (the rest are built in container.ts). */
export const marketplaceBindings = new ContainerModule(({ bind }) => {
  const { UnitOfWork: Uow, Files, ProjectQuery: PQ, BidQuery: BQ, StatsQuery: SQ, Settings } = TOKENS;
  const { Ids, Clock: Time } = TOKENS;
  bind(PostProject).toResolvedValue(
    (u, f, i, c) => new PostProject({ uow: u, files: f, ids: i, clock: c }),
    [Uow, Files, Ids, Time],
  );
  bind(EditProject).toResolvedValue(
    (u, f, c) => new EditProject({ uow: u, files: f, clock: c }),
    [Uow, Files, Time],
  );
  bind(ChangeBidDeadline).toResolvedValue((u, c) => new ChangeBidDeadline({ uow: u, clock: c }), [Uow, Time]);
  bind(PostAddendum).toResolvedValue(
    (u, f, i, c) => new PostAddendum({ uow: u, files: f, ids: i, clock: c }),
    [Uow, Files, Ids, Time],
  );
  bind(ListAddenda).toResolvedValue((u) => new ListAddenda({ uow: u }), [Uow]);
  bind(AskQuestion).toResolvedValue(
    (u, i, c) => new AskQuestion({ uow: u, ids: i, clock: c }),
    [Uow, Ids, Time],
  );
  bind(PostClarification).toResolvedValue(
    (u, i, c) => new PostClarification({ uow: u, ids: i, clock: c }),
    [Uow, Ids, Time],
  );
  bind(AnswerQuestion).toResolvedValue((u, c) => new AnswerQuestion({ uow: u, clock: c }), [Uow, Time]);
  bind(HideQuestion).toResolvedValue((u) => new HideQuestion({ uow: u }), [Uow]);
  bind(ListQuestions).toResolvedValue((u) => new ListQuestions({ uow: u }), [Uow]);
  bind(DeleteProject).toResolvedValue(
    (u, f, c) => new DeleteProject({ uow: u, files: f, clock: c }),
    [Uow, Files, Time],
  );
  bind(GetProject).toResolvedValue((q, c) => new GetProject({ projects: q, clock: c }), [PQ, Time]);
  bind(ListProjects).toResolvedValue((q) => new ListProjects({ projects: q }), [PQ]);
  bind(MoveProjectPhase).toResolvedValue((u, c) => new MoveProjectPhase({ uow: u, clock: c }), [Uow, Time]);
  bind(CancelProject).toResolvedValue((u, c) => new CancelProject({ uow: u, clock: c }), [Uow, Time]);
  bind(SubmitBid).toResolvedValue(
    (u, i, c, s) => new SubmitBid({ uow: u, ids: i, clock: c, settings: s }),
    [Uow, Ids, Time, Settings],
  );
  bind(EditBid).toResolvedValue((u, c) => new EditBid({ uow: u, clock: c }), [Uow, Time]);
  bind(AcceptBid).toResolvedValue((u, c) => new AcceptBid({ uow: u, clock: c }), [Uow, Time]);
  bind(DeclineBid).toResolvedValue((u, c) => new DeclineBid({ uow: u, clock: c }), [Uow, Time]);
  bind(ListProjectBids).toResolvedValue((u, q) => new ListProjectBids({ uow: u, bids: q }), [Uow, BQ]);
  bind(ListMyBids).toResolvedValue((q) => new ListMyBids({ bids: q }), [BQ]);
  bind(ListMyBidStatuses).toResolvedValue((q) => new ListMyBidStatuses({ bids: q }), [BQ]);
  bind(GetBidQuota).toResolvedValue(
    (q, c, s) => new GetBidQuota({ stats: q, clock: c, settings: s }),
    [SQ, Time, Settings],
  );
  bind(GetUserStats).toResolvedValue(
    (q, c, s) => new GetUserStats({ stats: q, clock: c, settings: s }),
    [SQ, Time, Settings],
  );
  bind(GetPlatformStats).toResolvedValue((q) => new GetPlatformStats({ stats: q }), [SQ]);
  bind(ReviewContractor).toResolvedValue(
    (u, i, c) => new ReviewContractor({ uow: u, ids: i, clock: c }),
    [Uow, Ids, Time],
  );
  bind(RecordAchievements).toResolvedValue(
    (u, i, c) => new RecordAchievements({ uow: u, ids: i, clock: c }),
    [Uow, Ids, Time],
  );
  bind(GetAchievements).toResolvedValue((u, c) => new GetAchievements({ uow: u, clock: c }), [Uow, Time]);
  bind(GetUserBadges).toResolvedValue((u, c) => new GetUserBadges({ uow: u, clock: c }), [Uow, Time]);
});
