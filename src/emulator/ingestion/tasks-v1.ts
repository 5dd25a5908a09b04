import type { OperationContext } from '../route';
import { invalidPayload } from './errors';
import { object, oneOf, readShape, rfc3339, shape } from './fields';
import { paginate } from './listing';
import type { TaskRecord, TriggerType } from './state';
import { requireResource, uuid } from './store';
import { checkEnds, filteredTasks, saveTask, searchedTasks, TASK_FIELDS, TASK_SORT, TRIGGER_TYPES } from './tasks';

/**
 * The deprecated v1 task routes: the same tasks as v2, with the schedule under `trigger`
 * (`{ type: 'schedule', cron, lastRun, nextRun }`) instead of at the top.
 */
export function taskV1View(task: TaskRecord) {
  const {
    triggerType,
    cron,
    lastRun,
    nextRun,
    subscriptionAction: _subscription,
    notifications: _notifications,
    policies: _policies,
    ...rest
  } = task;
  const trigger =
    triggerType === 'schedule'
      ? { type: triggerType, cron, ...(lastRun ? { lastRun } : {}), ...(nextRun ? { nextRun } : {}) }
      : triggerType === 'onDemand'
        ? { type: triggerType, ...(lastRun ? { lastRun } : {}) }
        : { type: triggerType };
  return { ...rest, trigger };
}

const { sourceID, destinationID, action, enabled, failureThreshold, input, cursor } = TASK_FIELDS;

/** A v1 trigger: a `schedule` needs a `cron`, the others take none. */
function readTrigger(value: unknown): { triggerType: TriggerType; cron?: string } {
  const trigger = readShape(
    value,
    'trigger',
    shape({ type: oneOf(...TRIGGER_TYPES), cron: TASK_FIELDS.cron }, ['type']),
  );
  const type = trigger.type as TriggerType;
  if (type === 'schedule' && trigger.cron === undefined)
    throw invalidPayload('`trigger.cron` is required for a schedule trigger');
  if (type !== 'schedule' && trigger.cron !== undefined)
    throw invalidPayload(`\`trigger.cron\` is only accepted for a schedule trigger, not ${type}`);
  return { triggerType: type, ...(trigger.cron === undefined ? {} : { cron: trigger.cron as string }) };
}

const CREATE = shape(
  { sourceID, destinationID, trigger: (value) => value, action, enabled, failureThreshold, input, cursor },
  ['sourceID', 'destinationID', 'trigger', 'action'],
);
const UPDATE = shape({
  destinationID,
  trigger: object(shape({ cron: TASK_FIELDS.cron }, ['cron'])),
  input,
  enabled,
  failureThreshold,
});

/** POST /1/tasks */
export async function createTaskV1(ctx: OperationContext) {
  const { core } = ctx;
  const body = readShape(ctx.req.body, 'body', CREATE);
  const trigger = readTrigger(body.trigger);
  checkEnds(core, body);
  const { trigger: _trigger, ...fields } = body;
  const now = rfc3339(core.now());
  const task = await saveTask(core, {
    ...(fields as Omit<TaskRecord, 'taskID' | 'triggerType' | 'enabled' | 'createdAt' | 'updatedAt'>),
    ...trigger,
    taskID: uuid(core),
    enabled: (body.enabled as boolean | undefined) ?? true,
    createdAt: now,
    updatedAt: now,
  });
  return { taskID: task.taskID, createdAt: now };
}

/** GET /1/tasks/{taskID} */
export function getTaskV1(ctx: OperationContext) {
  return taskV1View(requireResource(ctx.core, 'task', ctx.params.taskID));
}

/** PATCH /1/tasks/{taskID} — a new cron is only accepted for a scheduled task. */
export async function updateTaskV1(ctx: OperationContext) {
  const { core, params } = ctx;
  const current = requireResource(core, 'task', params.taskID);
  const body = readShape(ctx.req.body, 'body', UPDATE);
  checkEnds(core, body);
  const cron = (body.trigger as { cron?: string } | undefined)?.cron;
  if (cron !== undefined && current.triggerType !== 'schedule')
    throw invalidPayload(
      `task ${current.taskID} has a ${current.triggerType} trigger: only a schedule trigger takes a cron`,
    );
  const { trigger: _trigger, ...fields } = body;
  const updatedAt = rfc3339(core.now());
  await saveTask(core, { ...current, ...(fields as Partial<TaskRecord>), ...(cron ? { cron } : {}), updatedAt });
  return { taskID: current.taskID, updatedAt };
}

/** GET /1/tasks */
export function listTasksV1(ctx: OperationContext) {
  const { sourceType: _sourceType, withEmailNotifications: _emails, ...query } = ctx.req.query;
  const { items, pagination } = paginate(filteredTasks(ctx.core, query), query, TASK_SORT);
  return { tasks: items.map(taskV1View), pagination };
}

/** POST /1/tasks/search */
export function searchTasksV1(ctx: OperationContext) {
  return searchedTasks(ctx).map(taskV1View);
}
