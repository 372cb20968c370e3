import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAdminInbox } from '../api/admin';
import { formatDateTime } from './format';
import { ListState } from './list-states';

/** The newest contact messages (public contact page) and support tickets (Support Center). */
export function InboxTab() {
  const inbox = useAdminInbox();
  const messages = inbox.data?.contact_messages ?? [];
  const tickets = inbox.data?.support_tickets ?? [];
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Support tickets</CardTitle>
          <CardDescription>From signed-in dealers; each was also mailed to the support address.</CardDescription>
        </CardHeader>
        <CardContent>
          <ListState query={inbox} empty="No support tickets yet." isEmpty={tickets.length === 0}>
            <Table label="Support tickets">
              <TableHead>
                <TableRow>
                  <TableHeader>Received</TableHeader>
                  <TableHeader>From</TableHeader>
                  <TableHeader>Category</TableHeader>
                  <TableHeader>Subject and message</TableHeader>
                  <TableHeader>Attachment</TableHeader>
                </TableRow>
              </TableHead>
              <TableBody>
                {tickets.map((t) => (
                  <TableRow key={t.id}>
                    <TableCell className="whitespace-nowrap">{formatDateTime(t.created_at)}</TableCell>
                    <TableCell>
                      <span className="block font-medium whitespace-nowrap">{t.name}</span>
                      <span className="block text-xs [overflow-wrap:anywhere] text-slate-600">{t.email}</span>
                    </TableCell>
                    <TableCell className="capitalize">{t.category}</TableCell>
                    <TableCell className="max-w-md min-w-64">
                      <span className="block font-medium text-slate-900">{t.subject}</span>
                      <span className="block whitespace-pre-line text-slate-700">{t.message}</span>
                    </TableCell>
                    <TableCell>
                      {t.attachment ? (
                        <a className="text-brand-700 underline" href={t.attachment.download_url}>
                          {t.attachment.file_name}
                        </a>
                      ) : (
                        '–'
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ListState>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Contact messages</CardTitle>
          <CardDescription>From the public contact page.</CardDescription>
        </CardHeader>
        <CardContent>
          <ListState query={inbox} empty="No contact messages yet." isEmpty={messages.length === 0}>
            <Table label="Contact messages">
              <TableHead>
                <TableRow>
                  <TableHeader>Received</TableHeader>
                  <TableHeader>From</TableHeader>
                  <TableHeader>Message</TableHeader>
                  <TableHeader>Status</TableHeader>
                </TableRow>
              </TableHead>
              <TableBody>
                {messages.map((m) => (
                  <TableRow key={m.id}>
                    <TableCell className="whitespace-nowrap">{formatDateTime(m.created_at)}</TableCell>
                    <TableCell>
                      <span className="block font-medium whitespace-nowrap">{m.name}</span>
                      <span className="block text-xs [overflow-wrap:anywhere] text-slate-600">{m.email}</span>
                    </TableCell>
                    <TableCell className="max-w-md min-w-64 whitespace-pre-line">{m.message}</TableCell>
                    <TableCell className="capitalize">{m.status}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ListState>
        </CardContent>
      </Card>
    </div>
  );
}
