/**
 * What a handler's code can call, read from its sources: the handler entry and every project file it imports
 * (relative and @shared imports, transitively). The DynamoDB grants are derived from it at synth, so a handler
 * gets the actions its code constructs and no other (a module it imports counts whole: that is the granularity).
 */
import { resolve } from 'node:path';
import { projectSourcesOf } from '../project-sources';

const ROOT = resolve(import.meta.dirname, '../..');

/** The handler's entry file and every project source it reaches through imports. */
export function sourcesOf(handler: string): Map<string, string> {
  return projectSourcesOf(resolve(ROOT, `functions/src/handlers/${handler}.ts`));
}

const COMMAND_ACTIONS: Record<string, string[]> = {
  GetCommand: ['GetItem'],
  GetItemCommand: ['GetItem'],
  PutCommand: ['PutItem'],
  PutItemCommand: ['PutItem'],
  UpdateCommand: ['UpdateItem'],
  UpdateItemCommand: ['UpdateItem'],
  DeleteCommand: ['DeleteItem'],
  DeleteItemCommand: ['DeleteItem'],
  QueryCommand: ['Query'],
  ScanCommand: ['Scan'],
  BatchGetCommand: ['BatchGetItem'],
  BatchWriteCommand: ['BatchWriteItem'],
  TransactGetCommand: ['GetItem'],
};

/**
 * The DynamoDB actions a handler's code can call: one per Command class it constructs. A transaction needs the
 * action of each kind of item it writes (Put, Update, Delete, ConditionCheck in the same file).
 */
export function dynamoActionsOf(handler: string): string[] {
  const actions = new Set<string>();
  for (const text of sourcesOf(handler).values()) {
    for (const [, name] of text.matchAll(/new\s+(\w+Command)\s*\(/g)) for (const a of COMMAND_ACTIONS[name!] ?? []) actions.add(a);
    if (/new\s+TransactWrite(Items)?Command\s*\(/.test(text)) {
      for (const [kind, action] of [['Put', 'PutItem'], ['Update', 'UpdateItem'], ['Delete', 'DeleteItem'], ['ConditionCheck', 'ConditionCheckItem']] as const) {
        if (new RegExp(`\\b${kind}\\s*:`).test(text)) actions.add(action);
      }
    }
  }
  return [...actions].sort();
}

/** What each permission name allows of those actions: "table:read" the reads, "table:write" the writes. */
const TABLE_ACTIONS_ALLOWED = {
  'table:read': ['GetItem', 'BatchGetItem', 'Query', 'Scan', 'ConditionCheckItem'],
  'table:write': ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem'],
} as const;

/** The DynamoDB actions granted to a handler: those its code constructs that its permission names allow. */
export function grantedTableActions(handler: string, permissions: readonly string[]): string[] {
  const allowed = new Set<string>(permissions.flatMap((p) => (p in TABLE_ACTIONS_ALLOWED ? TABLE_ACTIONS_ALLOWED[p as keyof typeof TABLE_ACTIONS_ALLOWED] : [])));
  return dynamoActionsOf(handler).filter((a) => allowed.has(a));
}
