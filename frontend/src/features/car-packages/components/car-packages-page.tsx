import { Coins, Images, Upload } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { packageIdSchema } from '@shared/schemas/car-packages';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageMeta } from '@/lib/page-meta';
import { useCarPackage, useCarPackageGallery } from '../api/car-packages';
import { useCarPackagesNavigation, type CarPackagesTab } from '../hooks/use-car-packages-navigation';
import { packageTitle } from './format';
import { PackageDetail } from './package-detail';
import { PackageForm } from './package-form';
import { PackageGallery } from './package-gallery';
import { Spinner } from '@/components/ui/spinner';

// Opened from the form only: it brings the zip reader (fflate), kept out of every other page's bundle.
const ImportManyCars = lazy(() => import('./import-many-cars'));

/**
 * /dashboard/car-packages: My Car Packages (gallery, and a package's detail at /dashboard/car-packages/{id}) and Create
 * New Package, with the dealer's balance (`credits`, undefined while loading) and the app's Buy Credits action
 * (`buyCredits`, offered in the form at 0). `?tab=upload&import=1`: the import of many cars in place of the form.
 */
export default function CarPackagesPage({ credits, buyCredits, onCreditsChanged }: {
  credits?: number;
  buyCredits?: ReactNode;
  /** The balance changed here (the import's starts): the app reads it again. */
  onCreditsChanged?: () => void;
}) {
  const nav = useCarPackagesNavigation();
  // Loaded beside an open detail too, so Back to Sessions shows the cards at once.
  useCarPackageGallery();
  const openId = nav.selectedSessionId;
  // An address that cannot be a package's is not asked for: the detail says the package was not found.
  const validId = openId !== null && packageIdSchema.safeParse(openId).success;
  const detail = useCarPackage(validId ? openId : null);
  usePageMeta(detail.data ? `${packageTitle(detail.data.session_name)} · Car Packages` : 'Car Packages', 'Your car packages: up to 8 studio angles of a car for 1 credit.');
  return (
    <section>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Car Packages</h1>
          <p className="mt-1 text-slate-700">Upload photos of a car and get the studio angles they show, up to 8, for 1 credit.</p>
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
            <PackageDetail key={openId} packageId={validId ? openId : null} onBack={nav.closeSession} onDeleted={nav.leaveSession} onOpen={nav.openSession} />
          ) : (
            <PackageGallery onOpen={nav.openFromGallery} onCreate={() => nav.setTab('upload')} />
          )}
        </TabsContent>
        {/* Kept mounted, so chosen photos survive a look at the gallery. */}
        <TabsContent value="upload" forceMount className="data-[state=inactive]:hidden">
          <div className={nav.importing ? 'hidden' : undefined}>
            <PackageForm onStarted={nav.openSession} credits={credits} buyCredits={buyCredits} onImport={() => nav.setImporting(true)} />
          </div>
          {nav.importing && (
            <Suspense fallback={<Spinner label="Opening the import" className="size-6" />}>
              <ImportManyCars credits={credits} buyCredits={buyCredits} onBack={() => nav.setImporting(false)} onCreditsChanged={onCreditsChanged} />
            </Suspense>
          )}
        </TabsContent>
      </Tabs>
    </section>
  );
}
