import { apiHandler } from '../http/api-handler';
import { issueConnectionTicket } from '../realtime/live-status';
import { DynamoDbConnectionTicketStore } from '../realtime/dynamodb-connections';

const tickets = new DynamoDbConnectionTicketStore();

/** A single-use, one-minute ticket to open the live status WebSocket. */
export const handler = apiHandler('issue-realtime-ticket', {}, async ({ caller }) => ({
  body: await issueConnectionTicket(tickets, caller!.sub),
}));
