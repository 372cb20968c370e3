import { Coins, Images, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageMeta } from '@/lib/page-meta';
import { useCarPackageGallery } from '../api/car-packages';
import { useCarPackagesNavigation, type CarPackagesTab } from '../hooks/use-car-packages-navigation';
import { PackageDetail } from './package-detail';
import { PackageForm } from './package-form';
import { PackageGallery } from './package-gallery';

/**
 * /dashboard/car-packages: My Car Packages (gallery and detail) and Create New Package, with the dealer's balance
 * (`credits`, undefined while loading) and the app's Buy Credits action (`buyCredits`, offered in the form at 0).
 */
export default function CarPackagesPage({ credits, buyCredits }: { credits?: number; buyCredits?: ReactNode }) {
  usePageMeta('Car Packages', 'Your car packages: 8 studio angles of a car for 1 credit.');
  const nav = useCarPackagesNavigation();
  const gallery = useCarPackageGallery();
  // A session asked for in navigation state opens once the sessions are loaded.
  const openId = nav.selectedSessionId && !gallery.isPending ? nav.selectedSessionId : null;
  return (
    <section>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Car Packages</h1>
          <p className="mt-1 text-slate-700">Upload photos of a car and get 8 studio angles for 1 credit.</p>
        </div>
        {credits !== undefined && (
          <p className="flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900" data-testid="package-credits">
            <Coins className="size-4" aria-hidden="true" />
            {credits === 1 ? '1 credit' : `${credits} credits`} left
          </p>
        )}
      </div>
      <Tabs value={nav.tab} onValueChange={(value) => nav.setTab(value as CarPackagesTab)}>
        <TabsList>
          <TabsTrigger value="gallery">
            <Images aria-hidden="true" className="max-sm:hidden" />
            My Car Packages
          </TabsTrigger>
          <TabsTrigger value="upload">
            <Upload aria-hidden="true" className="max-sm:hidden" />
            Create New Package
          </TabsTrigger>
        </TabsList>
        <TabsContent value="gallery">
          {openId ? (
            <PackageDetail key={openId} packageId={openId} onBack={nav.closeSession} onOpen={nav.openSession} />
          ) : (
            <PackageGallery onOpen={nav.openSession} onCreate={() => nav.setTab('upload')} />
          )}
        </TabsContent>
        {/* Kept mounted, so chosen photos survive a look at the gallery. */}
        <TabsContent value="upload" forceMount className="data-[state=inactive]:hidden">
          <PackageForm onStarted={nav.openSession} credits={credits} buyCredits={buyCredits} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
