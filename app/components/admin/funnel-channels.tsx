import { Table, TableBody, TableCaption, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { SHARE_CHANNEL_LABELS } from "~/lib/funnel/channels";
import { formatKFactor, type ChannelFigures } from "~/lib/reports/funnel";

const NO_CHANNEL_LABEL = "No channel (link without via=)";

/** Per share channel: clicks, visits through its links, friends it brought, and its part of K. */
export function FunnelChannelTable({ channels, kFactor }: { channels: ChannelFigures[]; kFactor: number }) {
  const sum = (pick: (row: ChannelFigures) => number) => channels.reduce((total, row) => total + pick(row), 0);
  return (
    <Table data-testid="funnel-channels">
      <TableCaption className="sr-only">Share channels: clicks, visits, referred joins, referred confirmations and K-factor</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Channel</TableHead>
          <TableHead className="text-right">Share clicks</TableHead>
          <TableHead className="text-right">Visits via</TableHead>
          <TableHead className="text-right">Referred joins</TableHead>
          <TableHead className="text-right">Referred confirmed</TableHead>
          <TableHead className="text-right">K</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {channels.map((row) => (
          <TableRow key={row.channel || "none"} data-channel={row.channel || "none"}>
            <TableHead scope="row">{row.channel ? SHARE_CHANNEL_LABELS[row.channel] : NO_CHANNEL_LABEL}</TableHead>
            <TableCell className="text-right tabular-nums">{row.channel ? row.shareClicks : "—"}</TableCell>
            <TableCell className="text-right tabular-nums">{row.visits}</TableCell>
            <TableCell className="text-right tabular-nums">{row.referredJoins}</TableCell>
            <TableCell className="text-right tabular-nums">{row.referredConfirmations}</TableCell>
            <TableCell className="text-right tabular-nums">{formatKFactor(row.kFactor)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableHead scope="row">All channels</TableHead>
          <TableCell className="text-right tabular-nums">{sum((row) => row.shareClicks)}</TableCell>
          <TableCell className="text-right tabular-nums">{sum((row) => row.visits)}</TableCell>
          <TableCell className="text-right tabular-nums">{sum((row) => row.referredJoins)}</TableCell>
          <TableCell className="text-right tabular-nums">{sum((row) => row.referredConfirmations)}</TableCell>
          <TableCell className="text-right tabular-nums">{formatKFactor(kFactor)}</TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}
