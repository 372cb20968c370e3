export default function Route() {
  return <main className="p-8"><h1>privacy</h1></main>;
}
