import { LocalTime } from "~/components/local-time";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";

export type WaveRowView = {
  id: number;
  name: string;
  description: string;
  invitedCount: number;
  admittedCount: number;
  redemptionRate: number;
  rehearsal: boolean;
  createdAt: string;
  createdByEmail: string | null;
};

const percent = (rate: number) => `${(rate * 100).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;

/** The waves sent, newest first, with how many of their members accepted (ADR 0049). */
export function WavesTable({ waves }: { waves: WaveRowView[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Waves</CardTitle>
        <CardDescription>The redemption rate is the share of a wave's members who accepted their invite.</CardDescription>
      </CardHeader>
      <CardContent>
        {waves.length === 0 ? (
          <p className="text-muted-foreground">No wave has been invited yet.</p>
        ) : (
          <Table data-testid="waves-table">
            <TableHeader>
              <TableRow>
                <TableHead>Wave</TableHead>
                <TableHead>Audience</TableHead>
                <TableHead className="text-right">Invited</TableHead>
                <TableHead className="text-right">Admitted</TableHead>
                <TableHead className="text-right">Redemption</TableHead>
                <TableHead>Sent</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {waves.map((wave) => (
                <TableRow key={wave.id}>
                  <TableCell className="font-semibold">
                    {wave.name} {wave.rehearsal && <Badge variant="outline">Rehearsal</Badge>}
                  </TableCell>
                  <TableCell>{wave.description}</TableCell>
                  <TableCell className="text-right">{wave.invitedCount.toLocaleString("en-US")}</TableCell>
                  <TableCell className="text-right">{wave.admittedCount.toLocaleString("en-US")}</TableCell>
                  <TableCell className="text-right">{percent(wave.redemptionRate)}</TableCell>
                  <TableCell>
                    <LocalTime value={wave.createdAt} />
                    {wave.createdByEmail && <span className="block text-xs text-muted-foreground">by {wave.createdByEmail}</span>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
