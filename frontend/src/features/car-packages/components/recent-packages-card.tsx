import { Link } from 'react-router-dom';
import { CAR_PACKAGE_MESSAGES, MESSAGES } from '@shared/messages';
import { statusText } from '@shared/statuses';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useRecentCarPackages } from '../api/car-packages';
import { carPackagePath } from '../hooks/use-car-packages-navigation';
import { formatDate, packageTitle } from './format';
import { PackageThumbnail } from './package-thumbnail';

/** Recent Car Packages: the newest 5, each a link to its detail's address. */
export function RecentPackagesCard() {
  const recent = useRecentCarPackages();
  const packages = recent.data?.packages;
  return (
    <Card aria-labelledby="recent-packages-title">
      <CardHeader className="pb-3">
        <CardTitle id="recent-packages-title">Recent Car Packages</CardTitle>
      </CardHeader>
      <CardContent>
        {packages ? (
          packages.length === 0 ? (
            <div className="grid justify-items-start gap-1">
              <p className="text-sm text-slate-700">{CAR_PACKAGE_MESSAGES.noPackagesYet}</p>
              <Link to="/dashboard/car-packages?tab=upload" className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
                {CAR_PACKAGE_MESSAGES.createFirst}
              </Link>
            </div>
          ) : (
            <ul className="grid grid-cols-1 gap-1" data-testid="recent-packages">
              {packages.map((pkg) => (
                <li key={pkg.id}>
                  <Link
                    to={carPackagePath(pkg.id)}
                    className="-mx-2 flex items-center gap-3 rounded-lg p-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <PackageThumbnail url={pkg.thumbnail_url} className="h-12 w-16 shrink-0 rounded-md text-[10px]" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold text-slate-900">{packageTitle(pkg.session_name)}</span>
                      <span className="block text-xs text-slate-600">
                        <span data-testid="recent-package-status">{statusText(pkg.status)}</span> · {formatDate(pkg.created_at)}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        ) : recent.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {MESSAGES.packageGalleryLoadFailed}
          </p>
        ) : (
          <Spinner label="Loading recent car packages" />
        )}
      </CardContent>
    </Card>
  );
}
