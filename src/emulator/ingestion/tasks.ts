import type { Draft } from 'immer';
import type { Core } from '../core';
import type { OperationContext } from '../route';
import type { State } from '../state';
import { invalidPayload } from './errors';
import {
  anyObject,
  boolean,
  defined,
  integer,
  nonEmpty,
  object,
  oneOf,
  readShape,
  rfc3339,
  shape,
  string,
} from './fields';
import { listFilter, paginate, queryBoolean, searchedIDs } from './listing';
import { assertCron, nextCronRun, planTask } from './schedule';
import { SOURCE_TYPES } from './sources';
import type { Json, TaskRecord, TriggerType } from './state';
import { ingestionOf, requireResource, uuid } from './store';

export const ACTIONS = ['replace', 'save', 'partial', 'partialNoCreate', 'append'] as const;
export const TRIGGER_TYPES = ['onDemand', 'schedule', 'subscription', 'streaming'] as const;

const cron = (value: unknown, path: string) => {
  assertCron(string(value, path) as string, path);
  return value;
};

/** Fields every task body may hold (`TaskCreate`, `TaskReplace`, `TaskUpdate` pick from them). */
export const TASK_FIELDS = {
  sourceID: nonEmpty,
  destinationID: nonEmpty,
  action: oneOf(...ACTIONS),
  subscriptionAction: oneOf(...ACTIONS),
  cron,
  enabled: boolean,
  failureThreshold: integer(0, 100),
  input: anyObject,
  cursor: string,
  notifications: object(shape({ email: object(shape({ enabled: boolean })) }, ['email'])),
  policies: object(shape({ criticalThreshold: integer(1, 10) })),
};

const pick = (names: readonly (keyof typeof TASK_FIELDS)[], required: readonly string[]) =>
  shape(Object.fromEntries(names.map((name) => [name, TASK_FIELDS[name]])), required);

const CREATE = pick(Object.keys(TASK_FIELDS) as (keyof typeof TASK_FIELDS)[], ['sourceID', 'destinationID', 'action']);
const REPLACE = pick(
  [
    'destinationID',
    'action',
    'subscriptionAction',
    'cron',
    'enabled',
    'failureThreshold',
    'input',
    'cursor',
    'notifications',
    'policies',
  ],
  ['destinationID', 'action'],
);
const UPDATE = pick(
  ['destinationID', 'cron', 'input', 'enabled', 'subscriptionAction', 'failureThreshold', 'notifications', 'policies'],
  [],
);

/** A task as the v2 routes show it: `cron`, `lastRun` and `nextRun` at the top. */
export function taskView(task: TaskRecord) {
  const { triggerType: _trigger, ...rest } = task;
  return rest;
}

/** The source and destination a task names must exist (404 otherwise). */
export function checkEnds(core: Core, body: Record<string, unknown>): void {
  if (body.sourceID !== undefined) requireResource(core, 'source', body.sourceID as string);
  if (body.destinationID !== undefined) requireResource(core, 'destination', body.destinationID as string);
}

/**
 * Stores a task and plans its next scheduled run: an enabled task with a `cron` runs at the
 * cron's next instant on the emulator clock (a job), and `nextRun` says when.
 */
export async function saveTask(core: Core, task: TaskRecord): Promise<TaskRecord> {
  const nextAt = task.enabled && task.cron !== undefined ? await nextCronRun(task.cron, core.now()) : undefined;
  const saved: TaskRecord = defined({ ...task, nextRun: nextAt === undefined ? undefined : rfc3339(nextAt) });
  core.commit((draft) => {
    ingestionOf(draft).tasks.set(task.taskID, saved);
    planTask(draft, task.taskID, nextAt);
  });
  return saved;
}

/** Removes a task and its planned runs (inside a commit). */
export function dropTask(draft: Draft<State>, taskID: string): void {
  ingestionOf(draft).tasks.delete(taskID);
  planTask(draft, taskID, undefined);
}

/** POST /2/tasks */
export async function createTask(ctx: OperationContext) {
  const { core } = ctx;
  const body = readShape(ctx.req.body, 'body', CREATE);
  checkEnds(core, body);
  const now = rfc3339(core.now());
  const task = await saveTask(core, {
    ...(body as Omit<TaskRecord, 'taskID' | 'triggerType' | 'enabled' | 'createdAt' | 'updatedAt'>),
    taskID: uuid(core),
    triggerType: body.cron === undefined ? 'onDemand' : 'schedule',
    enabled: (body.enabled as boolean | undefined) ?? true,
    createdAt: now,
    updatedAt: now,
  });
  return { taskID: task.taskID, createdAt: now };
}

/** GET /2/tasks/{taskID} */
export function getTask(ctx: OperationContext) {
  return taskView(requireResource(ctx.core, 'task', ctx.params.taskID));
}

/** PUT /2/tasks/{taskID} — replaces everything but the source. */
export async function replaceTask(ctx: OperationContext) {
  const { core, params } = ctx;
  const current = requireResource(core, 'task', params.taskID);
  const body = readShape(ctx.req.body, 'body', REPLACE);
  checkEnds(core, body);
  const updatedAt = rfc3339(core.now());
  await saveTask(core, {
    ...(body as Partial<TaskRecord>),
    taskID: current.taskID,
    sourceID: current.sourceID,
    destinationID: body.destinationID as string,
    triggerType: body.cron === undefined ? 'onDemand' : 'schedule',
    enabled: (body.enabled as boolean | undefined) ?? true,
    lastRun: current.lastRun,
    createdAt: current.createdAt,
    updatedAt,
  });
  return { taskID: current.taskID, updatedAt };
}

/** PATCH /2/tasks/{taskID} — changes the fields sent. */
export async function updateTask(ctx: OperationContext) {
  const { core, params } = ctx;
  const current = requireResource(core, 'task', params.taskID);
  const body = readShape(ctx.req.body, 'body', UPDATE);
  checkEnds(core, body);
  const updatedAt = rfc3339(core.now());
  const cronNow = (body.cron as string | undefined) ?? current.cron;
  const triggerType: TriggerType =
    cronNow !== undefined && current.triggerType === 'onDemand' ? 'schedule' : current.triggerType;
  await saveTask(core, { ...current, ...(body as Partial<TaskRecord>), triggerType, updatedAt });
  return { taskID: current.taskID, updatedAt };
}

/** DELETE /2/tasks/{taskID} and /1/tasks/{taskID} */
export function deleteTask(ctx: OperationContext) {
  const { core, params } = ctx;
  const { taskID } = requireResource(core, 'task', params.taskID);
  core.commit((draft) => dropTask(draft, taskID));
  return { deletedAt: rfc3339(core.now()) };
}

/** PUT /2/tasks/{taskID}/enable and /1/tasks/{taskID}/enable (a scheduled task's runs are planned again). */
export function enableTask(ctx: OperationContext) {
  return setEnabled(ctx, true);
}

/** PUT /2/tasks/{taskID}/disable and /1/tasks/{taskID}/disable (a scheduled task's planned run is dropped). */
export function disableTask(ctx: OperationContext) {
  return setEnabled(ctx, false);
}

async function setEnabled(ctx: OperationContext, enabled: boolean) {
  const { core, params } = ctx;
  const current = requireResource(core, 'task', params.taskID);
  const updatedAt = rfc3339(core.now());
  await saveTask(core, { ...current, enabled, updatedAt });
  return { taskID: current.taskID, updatedAt };
}

/** The tasks a list's filters keep (v1 and v2 share them; `sourceType` and `withEmailNotifications` are v2's). */
export function filteredTasks(core: Core, query: Readonly<Record<string, string>>): TaskRecord[] {
  const actions = listFilter(query, 'action', ACTIONS);
  const enabled = queryBoolean(query, 'enabled');
  const sourceIDs = listFilter(query, 'sourceID');
  const sourceTypes = listFilter(query, 'sourceType', SOURCE_TYPES);
  const destinationIDs = listFilter(query, 'destinationID');
  const triggers = listFilter(query, 'triggerType', TRIGGER_TYPES);
  const emails = queryBoolean(query, 'withEmailNotifications');
  const { sources } = core.state.ingestion;
  return [...core.state.ingestion.tasks.values()].filter(
    (task) =>
      (!actions || (task.action !== undefined && actions.has(task.action))) &&
      (enabled === undefined || task.enabled === enabled) &&
      (!sourceIDs || sourceIDs.has(task.sourceID)) &&
      (!sourceTypes || sourceTypes.has(sources.get(task.sourceID)?.type ?? '')) &&
      (!destinationIDs || destinationIDs.has(task.destinationID)) &&
      (!triggers || triggers.has(task.triggerType)) &&
      (emails === undefined || ((task.notifications?.email as Json | undefined)?.enabled === true) === emails),
  );
}

export const TASK_SORT = ['enabled', 'triggerType', 'action', 'updatedAt', 'createdAt'];

/** GET /2/tasks */
export function listTasks(ctx: OperationContext) {
  const { items, pagination } = paginate(filteredTasks(ctx.core, ctx.req.query), ctx.req.query, TASK_SORT);
  return { tasks: items.map(taskView), pagination };
}

/** The tasks among the IDs of a search body, in the order asked. */
export function searchedTasks(ctx: OperationContext): TaskRecord[] {
  const { tasks } = ctx.core.state.ingestion;
  return searchedIDs(ctx.req.body, 'taskIDs')
    .map((id) => tasks.get(id))
    .filter((task) => task !== undefined);
}

/** POST /2/tasks/search */
export function searchTasks(ctx: OperationContext) {
  return searchedTasks(ctx).map(taskView);
}

/** 400 for a task that is disabled (runs and pushes need an enabled task). */
export function assertEnabled(task: TaskRecord): void {
  if (!task.enabled) throw invalidPayload(`task ${task.taskID} is disabled: enable it first`);
}
