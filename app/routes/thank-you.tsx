export default function Page() {
  return <main className="mx-auto max-w-3xl p-8"><h1 className="text-3xl font-bold">thank-you</h1></main>;
}
