import type { Emulator } from '../../emulator/emulator';
import { TRAINING_JOB } from '../../emulator/recommend/training';
import { DICTIONARY_NAMES } from '../../emulator/search/dictionaries/state';
import type { UrlOutcome } from '../../emulator/crawler/state';
import type { ClockView, JournalItem, UrlRow, ViewData, ViewName } from '../transport';
import type { JournalEntry } from '../../emulator/journal/entry';

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The inspector's read model: each slice is plain JSON built from the state tree, for what no
 * read operation of the API shows (tasks waiting on the clock, jobs, crawls, trainings). It
 * reads only: nothing here commits.
 */
export const VIEWS: { readonly [K in ViewName]: (emulator: Emulator) => ViewData[K] } = {
  overview(emulator) {
    const state = emulator.core.state;
    let records = 0;
    for (const index of state.indices.values()) if (index.primary === undefined) records += index.records.size;
    return {
      appId: emulator.appId,
      now: iso(emulator.clock.now()),
      indices: state.indices.size,
      records,
      keys: state.security.keys.size,
      pendingTasks: state.tasks.pending.length,
      jobs: state.jobs.queue.length,
      journal: { length: emulator.journal.length, dropped: emulator.journal.dropped },
      faults: emulator.faults.active.length,
    };
  },
  tasks(emulator) {
    const { tasks } = emulator.core.state;
    return { now: iso(emulator.clock.now()), lastTaskID: tasks.lastID, pending: pendingOf(emulator) };
  },
  clock(emulator): ClockView {
    const now = emulator.clock.now();
    return {
      now: iso(now),
      epochMs: now,
      pendingTasks: pendingOf(emulator),
      jobs: emulator.core.state.jobs.queue.map((job) => ({
        id: job.id,
        at: iso(job.at),
        kind: job.kind,
        about: Object.entries(job.data)
          .map(([name, value]) => `${name}: ${String(value)}`)
          .join(', '),
      })),
      heldAnswers: emulator.faults.waiting,
      faults: emulator.faults.active.map(({ id, spec, hits }) => ({ id, spec: plainSpec(spec), hits })),
    };
  },
  keys(emulator) {
    const now = emulator.clock.now();
    return {
      now: iso(now),
      keys: [...emulator.core.state.security.keys.values()].map((key) => ({
        value: key.value,
        acl: [...key.acl],
        ...(key.description !== undefined ? { description: key.description } : {}),
        ...(key.indexes ? { indexes: [...key.indexes] } : {}),
        ...(key.referers ? { referers: [...key.referers] } : {}),
        ...(key.queryParameters ? { queryParameters: key.queryParameters } : {}),
        ...(key.maxHitsPerQuery ? { maxHitsPerQuery: key.maxHitsPerQuery } : {}),
        ...(key.maxQueriesPerIPPerHour ? { maxQueriesPerIPPerHour: key.maxQueriesPerIPPerHour } : {}),
        createdAt: iso(key.createdAt),
        ...(key.expiresAt !== undefined ? { expiresAt: iso(key.expiresAt) } : {}),
        validity: key.expiresAt !== undefined && key.expiresAt <= now ? ('expired' as const) : ('valid' as const),
      })),
    };
  },
  dictionaries(emulator) {
    const { custom, disableStandardEntries } = emulator.core.state.dictionaries;
    return {
      dictionaries: DICTIONARY_NAMES.map((name) => ({
        name,
        entries: [...custom[name].values()].map((entry) => ({ ...entry })),
        disabledStandard: { ...(disableStandardEntries[name] ?? {}) },
      })),
    };
  },
  crawler(emulator) {
    const { crawlers, runs } = emulator.core.state.crawler;
    return {
      crawlers: [...crawlers.values()].map((crawler) => ({
        id: crawler.id,
        name: crawler.name,
        running: crawler.running,
        reindexing: crawler.reindexing,
        ...(crawler.blocked ? { blocked: crawler.blocked.error } : {}),
        ...(crawler.crawl
          ? {
              crawl: {
                startedAt: iso(crawler.crawl.startedAt),
                step: crawler.crawl.step,
                queued: crawler.crawl.queue.length,
              },
            }
          : {}),
        urls: urlRows(crawler.crawl?.outcomes ?? crawler.lastOutcomes),
      })),
      runs: [...runs.values()].map((run) => ({
        id: run.id,
        crawlerId: run.crawlerId,
        status: run.status,
        startedAt: iso(run.startedAt),
        completedAt: iso(run.completedAt),
        urlsDone: run.urlsDone,
        urlsSkipped: run.urlsSkipped,
        urlsFailed: run.urlsFailed,
      })),
    };
  },
  recommend(emulator) {
    const { trainings, rules } = emulator.core.state.recommend;
    const next = emulator.core.state.jobs.queue.find((job) => job.kind === TRAINING_JOB);
    return {
      trainings: [...trainings].map(([indexName, training]) => ({
        indexName,
        trainedAt: iso(training.trainedAt),
        records: training.records.size,
        interactions: training.interactions.length,
        config: { ...training.config },
      })),
      rules: [...rules].flatMap(([indexName, models]) =>
        [...models].map(([model, byId]) => ({ indexName, model, count: byId.size })),
      ),
      ...(next ? { nextTraining: iso(next.at) } : {}),
    };
  },
  suggestions(emulator) {
    const { configs, builds } = emulator.core.state.querySuggestions;
    return {
      configs: [...configs.values()].map((config) => {
        const build = builds.get(config.indexName);
        return {
          indexName: config.indexName,
          sourceIndices: config.sourceIndices.map((source) => source.indexName),
          languages: config.languages,
          ...(build?.running
            ? { running: { startedAt: iso(build.running.startedAt), finishAt: iso(build.running.finishAt) } }
            : {}),
          ...(build?.lastBuiltAt !== undefined ? { lastBuiltAt: iso(build.lastBuiltAt) } : {}),
          ...(build?.lastSuccessfulBuiltAt !== undefined
            ? { lastSuccessfulBuiltAt: iso(build.lastSuccessfulBuiltAt) }
            : {}),
          log: (build?.log ?? []).map((line) => ({ at: iso(line.at), level: line.level, message: line.message })),
        };
      }),
    };
  },
};

/** Answers one slice of the read model. */
export function readView<K extends ViewName>(emulator: Emulator, name: K): ViewData[K] {
  return VIEWS[name](emulator);
}

/** Tells whether `name` is a slice of the read model. */
export function isViewName(name: string): name is ViewName {
  return Object.prototype.hasOwnProperty.call(VIEWS, name);
}

function pendingOf(emulator: Emulator) {
  return emulator.core.state.tasks.pending.map((task) => ({
    taskID: task.taskID,
    indexName: task.indexName,
    publishAt: iso(task.publishAt),
  }));
}

function urlRows(outcomes: ReadonlyMap<string, UrlOutcome>): UrlRow[] {
  return [...outcomes].map(([url, outcome]) => ({
    url,
    status: outcome.status,
    category: outcome.category,
    reason: outcome.reason,
    records: outcome.records,
  }));
}

/** A fault's spec as JSON: a host-name pattern becomes its source text. */
function plainSpec(spec: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(spec)) out[name] = value instanceof RegExp ? String(value) : value;
  return out;
}

/** A journal entry as the inspector shows it. */
export function journalItem(entry: JournalEntry): JournalItem {
  return { ...(entry.toJSON() as unknown as JournalItem), body: entry.body };
}
