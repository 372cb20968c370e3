export default function Route() {
  return <main className="p-8"><h1>landing</h1></main>;
}
