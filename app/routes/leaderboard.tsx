export default function Page() {
  return <main className="mx-auto max-w-3xl p-8"><h1 className="text-3xl font-bold">leaderboard</h1></main>;
}
