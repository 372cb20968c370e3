export default function Route() {
  return <main className="p-8"><h1>terms</h1></main>;
}
