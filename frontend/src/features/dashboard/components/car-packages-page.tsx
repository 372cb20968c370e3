import { PlaceholderPage } from './placeholder-page';

export default function Page() {
  return <PlaceholderPage title="Car Packages" />;
}
