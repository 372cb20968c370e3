export default function Route() {
  return <main className="p-8"><h1>contact</h1></main>;
}
