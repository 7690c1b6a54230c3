import { Trans, useLingui } from "@lingui/react/macro";
import { Navigate } from "react-router";
import { errorMessage } from "../../../api/client";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { useAddresses } from "../../../components/addresses/api/list-addresses";
import { StoreHeader } from "../../../components/storefront/StoreHeader";
import shared from "../../../components/storefront/storefront.module.css";
import { useStore } from "../../../components/storefront/store-state";
import { usePageMeta } from "../../../lib/page-meta";
import { NewAddressForm } from "../components/NewAddressForm";
import { SavedAddresses } from "../components/SavedAddresses";
import styles from "./AddressesPage.module.css";

/** /addresses: the shopper's address book, the one the checkout offers: each address, the default
 * chosen or one taken out, and a new one added. */
export default function AddressesPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`My addresses` });
  const store = useStore();
  const book = useAddresses({ enabled: store.verified === true });

  // Logged out: log in, then come back here.
  if (store.verified === false) return <Navigate to="/login" replace state={{ from: "/addresses" }} />;

  const saved = book.data?.addresses ?? [];
  return (
    <div className={shared.page}>
      <StoreHeader back />
      <LoadingOverlay show={store.verified === null || book.isPending} />
      <div className={shared.narrow}>
        <h1 className={styles.title}>
          <Trans>My addresses</Trans>
        </h1>
        {book.isError && (
          <p className="alert alert-danger" role="alert">
            {errorMessage(book.error, t`Your addresses could not be loaded. Please try again.`)}
          </p>
        )}
        {book.isSuccess && saved.length === 0 && (
          <p className={styles.empty}>
            <Trans>Your address book is empty. The address of your next order is kept here.</Trans>
          </p>
        )}
        {saved.length > 0 && <SavedAddresses addresses={saved} />}
        {book.isSuccess && <NewAddressForm mobileNumber={book.data.mobileNumber} />}
      </div>
    </div>
  );
}
