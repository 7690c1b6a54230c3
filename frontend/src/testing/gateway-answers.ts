/**
 * The gateway's answers the component tests are given (frontend/src/testing/api-server.ts):
 * recorded from the embedded gateway and its mocks (shopper and borrower 9876543210, who owes
 * and has a cart of two products), typed against the gateway's OpenAPI document so a change of
 * shape fails the typecheck.
 */
import type { components } from "../api/schema";

type Schemas = components["schemas"];

export const config = {
  "productName": "VoltKhata",
  "productSlug": "VoltKhata",
  "signIn": {
    "anchor": "https://anchor.voltkhata.example/",
    "portal": "https://portal.voltkhata.example/",
    "lender": "https://lender.voltkhata.example/"
  },
  "appLinks": {
    "android": "https://play.voltkhata.example/app",
    "ios": "https://apps.voltkhata.example/app"
  },
  "checkout": {
    "adapter": "mock",
    "mode": "production"
  }
} satisfies Schemas["ClientConfig"];

export const storeSession = {
  "portal": null,
  "store": {
    "verified": true,
    "mobileNumber": "9876543210",
    "via": "otp"
  }
} satisfies Schemas["SessionView"];

export const portalSession = {
  "portal": {
    "verified": true,
    "userName": "Ramesh Kumar",
    "mobileNumber": "9876543210",
    "owing": true
  },
  "store": null
} satisfies Schemas["SessionView"];

export const cart = {
  "items": [
    {
      "id": 1,
      "productId": 1,
      "productName": "Trikon PVC Conduit Pipe 20mm",
      "quantity": 2,
      "distributorId": 302,
      "filePath1": "/_mocks/catalogue/media/products/1.svg",
      "brand": "Trikon",
      "color": "Ivory",
      "size": "20mm x 3m",
      "mrpWithCashDiscount": "50.84",
      "mrpWithCashDiscountGst": "62.00",
      "discount": "Save ₹11.16 on M.R.P.",
      "linePrice": "101.68",
      "stockQuantity": 250,
      "lineSaving": "22.32",
      "pictureSources": [
        {
          "type": "image/avif",
          "srcset": "/_mocks/catalogue/media/products/1-160.c619266ead.avif 160w, /_mocks/catalogue/media/products/1-320.c619266ead.avif 320w, /_mocks/catalogue/media/products/1-480.c619266ead.avif 480w",
          "lightSrcset": "/_mocks/catalogue/media/products/1-160.c619266ead.avif 160w"
        },
        {
          "type": "image/webp",
          "srcset": "/_mocks/catalogue/media/products/1-160.c619266ead.webp 160w, /_mocks/catalogue/media/products/1-320.c619266ead.webp 320w, /_mocks/catalogue/media/products/1-480.c619266ead.webp 480w",
          "lightSrcset": "/_mocks/catalogue/media/products/1-160.c619266ead.webp 160w"
        }
      ]
    },
    {
      "id": 2,
      "productId": 3,
      "productName": "Orbitron 6A One-Way Switch",
      "quantity": 1,
      "distributorId": 304,
      "filePath1": "/_mocks/catalogue/media/products/3.svg",
      "brand": "Orbitron",
      "color": "Black",
      "size": "1 module",
      "mrpWithCashDiscount": "38.25",
      "mrpWithCashDiscountGst": "45.00",
      "discount": "Save ₹6.75 on M.R.P.",
      "linePrice": "38.25",
      "stockQuantity": 40,
      "lineSaving": "6.75",
      "pictureSources": [
        {
          "type": "image/avif",
          "srcset": "/_mocks/catalogue/media/products/3-160.76a97c3d03.avif 160w, /_mocks/catalogue/media/products/3-320.76a97c3d03.avif 320w, /_mocks/catalogue/media/products/3-480.76a97c3d03.avif 480w",
          "lightSrcset": "/_mocks/catalogue/media/products/3-160.76a97c3d03.avif 160w"
        },
        {
          "type": "image/webp",
          "srcset": "/_mocks/catalogue/media/products/3-160.76a97c3d03.webp 160w, /_mocks/catalogue/media/products/3-320.76a97c3d03.webp 320w, /_mocks/catalogue/media/products/3-480.76a97c3d03.webp 480w",
          "lightSrcset": "/_mocks/catalogue/media/products/3-160.76a97c3d03.webp 160w"
        }
      ]
    }
  ],
  "count": 3,
  "subtotal": "139.93",
  "saving": "29.07"
} satisfies Schemas["CartView"];

export const cartCharges = {
  "subtotal": "139.93",
  "convenienceFee": "79.00",
  "platformFee": "20.00",
  "gstTotal": "36.48",
  "taxableTotal": "202.45",
  "total": "238.93",
  "feeThreshold": "1199.00",
  "shortOfNoFees": "1059.07"
} satisfies Schemas["CartChargesView"];

export const addresses = {
  "addresses": [
    {
      "id": 2,
      "name": "Ramesh Kumar",
      "mobileNumber": "9876543210",
      "address1": "Plot 44, Sector 18",
      "address2": "Near Metro Station",
      "pincode": "122015",
      "city": "Gurugram",
      "state": "Haryana",
      "lastUsed": true,
      "default": false
    },
    {
      "id": 1,
      "name": "Ramesh Kumar",
      "mobileNumber": "9876543210",
      "address1": "Shop 12, Lakshmi Electricals",
      "address2": "Karol Bagh Market",
      "pincode": "110005",
      "city": "New Delhi",
      "state": "Delhi",
      "lastUsed": false,
      "default": false
    }
  ],
  "mobileNumber": "9876543210"
} satisfies Schemas["CheckoutAddresses"];

export const quote = {
  "lines": [
    {
      "productId": 1,
      "productName": "Trikon PVC Conduit Pipe 20mm",
      "hsnCode": "3917",
      "gstRate": "18",
      "unitPrice": "50.84",
      "quantity": 2,
      "taxableAmount": "86.16",
      "gstAmount": "15.52",
      "lineTotal": "101.68",
      "returnDays": 7
    },
    {
      "productId": 3,
      "productName": "Orbitron 6A One-Way Switch",
      "hsnCode": "8536",
      "gstRate": "18",
      "unitPrice": "38.25",
      "quantity": 1,
      "taxableAmount": "32.41",
      "gstAmount": "5.84",
      "lineTotal": "38.25",
      "returnDays": 7
    }
  ],
  "charges": {
    "subtotal": "139.93",
    "convenienceFee": "79.00",
    "platformFee": "20.00",
    "gstTotal": "36.48",
    "total": "238.93",
    "taxableTotal": "202.45",
    "cgst": "0.00",
    "sgst": "0.00",
    "igst": "36.48",
    "feeThreshold": "1199.00",
    "shortOfNoFees": "1059.07"
  },
  "delivery": {
    "type": "oneHour",
    "earliestBy": "2026-11-26T22:46:41.448717+00:00",
    "latestBy": "2026-11-26T23:46:41.448717+00:00",
    "label": "Get it in 1 Hour"
  },
  "address": {
    "name": "Ramesh Kumar",
    "mobileNumber": "9876543210",
    "address1": "Plot 44, Sector 18",
    "address2": "Near Metro Station",
    "pincode": "122103",
    "city": "Gurugram",
    "state": "Haryana"
  },
  "business": null,
  "paymentMethod": "cod",
  "credit": {
    "offered": false,
    "available": "487550.00",
    "message": "You have an overdue amount of ₹12,450.00. Please repay it first.",
    "repayUrl": "/paynow"
  },
  "cash": {
    "offered": true,
    "message": null,
    "limit": "50000.00",
    "usedToday": "0.00"
  }
} satisfies Schemas["CheckoutQuote"];

export const pincode = {
  "pincode": "122103",
  "city": "Gurugram",
  "district": "Gurugram",
  "state": "Haryana",
  "serviceability": "oneHour",
  "delivery": {
    "type": "oneHour",
    "earliestBy": "2026-11-26T22:46:41.492666+00:00",
    "latestBy": "2026-11-26T23:46:41.492666+00:00",
    "label": "Get it in 1 Hour"
  },
  "message": "Get it in 1 Hour"
} satisfies Schemas["PincodeCheck"];

export const order = {
  "orderNumber": "VK10000001",
  "status": "placed",
  "statusLabel": "Order placed",
  "createdAt": "2026-11-26T22:46:41.507768+00:00",
  "lines": [
    {
      "productId": 1,
      "productName": "Trikon PVC Conduit Pipe 20mm",
      "hsnCode": "3917",
      "gstRate": "18",
      "unitPrice": "50.84",
      "quantity": 2,
      "taxableAmount": "86.16",
      "gstAmount": "15.52",
      "lineTotal": "101.68",
      "returnDays": 7
    },
    {
      "productId": 3,
      "productName": "Orbitron 6A One-Way Switch",
      "hsnCode": "8536",
      "gstRate": "18",
      "unitPrice": "38.25",
      "quantity": 1,
      "taxableAmount": "32.41",
      "gstAmount": "5.84",
      "lineTotal": "38.25",
      "returnDays": 7
    }
  ],
  "charges": {
    "subtotal": "139.93",
    "convenienceFee": "79.00",
    "platformFee": "20.00",
    "gstTotal": "36.48",
    "total": "238.93",
    "taxableTotal": "202.45",
    "cgst": "0.00",
    "sgst": "0.00",
    "igst": "36.48",
    "feeThreshold": "1199.00",
    "shortOfNoFees": "1059.07"
  },
  "delivery": {
    "type": "oneHour",
    "earliestBy": "2026-11-26T22:46:41.507768+00:00",
    "latestBy": "2026-11-26T23:46:41.507768+00:00",
    "label": "Get it in 1 Hour"
  },
  "address": {
    "name": "Ramesh Kumar",
    "mobileNumber": "9876543210",
    "address1": "Plot 44, Sector 18",
    "address2": "Near Metro Station",
    "pincode": "122103",
    "city": "Gurugram",
    "state": "Haryana"
  },
  "business": null,
  "payment": {
    "method": "cod",
    "state": "onDelivery",
    "label": "Pay on delivery",
    "amount": "238.93",
    "paymentSessionId": null,
    "providerOrderId": null,
    "creditDueOn": null,
    "paidAt": null,
    "canPayOnDelivery": false
  },
  "timeline": [
    {
      "status": "placed",
      "label": "Order placed",
      "at": "2026-11-26T22:46:41.507768+00:00",
      "state": "current",
      "note": null
    },
    {
      "status": "packed",
      "label": "Packed",
      "at": null,
      "state": "upcoming",
      "note": null
    },
    {
      "status": "shipped",
      "label": "Shipped",
      "at": null,
      "state": "upcoming",
      "note": null
    },
    {
      "status": "outForDelivery",
      "label": "Out for delivery",
      "at": null,
      "state": "upcoming",
      "note": null
    },
    {
      "status": "delivered",
      "label": "Delivered",
      "at": null,
      "state": "upcoming",
      "note": null
    }
  ],
  "canCancel": true,
  "refund": null,
  "invoice": null,
  "creditNote": null,
  "canReturn": false,
  "returnOptions": null,
  "returns": [],
  "canRefuseAtDelivery": false,
  "cancelReason": null
} satisfies Schemas["PlacedOrder"];

export const orders = {
  "orders": [
    {
      "orderNumber": "VK10000001",
      "status": "placed",
      "statusLabel": "Order placed",
      "createdAt": "2026-11-26T22:46:41.507768+00:00",
      "total": "238.93",
      "itemCount": 3,
      "summary": "Trikon PVC Conduit Pipe 20mm and 1 more",
      "firstProductName": "Trikon PVC Conduit Pipe 20mm",
      "lineCount": 2,
      "paymentMethod": "cod",
      "paymentState": "onDelivery",
      "paymentLabel": "Pay on delivery",
      "paymentFailed": false
    }
  ],
  "page": 1,
  "totalPages": 1,
  "totalOrders": 1
} satisfies Schemas["OrderList"];

export const repayment = {
  "userName": "Ramesh Kumar",
  "mobileNumber": "9876543210",
  "remainingAmount": "12450.00",
  "lateFees": "450.00",
  "pendingAmount": "12000.00",
  "dueDate": "2026-11-10",
  "daysOverdue": 17,
  "lenderName": "Sahyogkosh Finance",
  "loanNumber": "LN-1001",
  "pendingPayments": []
} satisfies Schemas["RepaymentView"];

const sahyogkosh = {
  "name": "Sahyogkosh Finance Limited",
  "registration": "N-14.03456",
  "website": "https://sahyogkosh.example"
} satisfies Schemas["LoanLender"];

const arthvik = {
  "name": "Arthvik Capital Limited",
  "registration": "N-13.02291",
  "website": "https://arthvik.example"
} satisfies Schemas["LoanLender"];

/** GET /api/loans for borrower 9876543210: one loan overdue, one current, one closed. */
export const loans = [
  {
    "loanNumber": "LN-1001",
    "status": "overdue",
    "lender": sahyogkosh,
    "lendingServiceProvider": "VoltKhata",
    "sanctionedAmount": "100000.00",
    "principalOutstanding": "62000.00",
    "principalDue": "10000.00",
    "interestDue": "2000.00",
    "interestAccrued": "310.00",
    "penalCharges": "450.00",
    "overdueAmount": "12450.00",
    "minimumPayment": "12450.00",
    "daysPastDue": 17,
    "nextDue": { "amount": "9500.00", "dueOn": "2026-12-15" },
    "disbursedOn": "2026-03-01",
    "asOf": "2026-12-03",
    "closedOn": null
  },
  {
    "loanNumber": "LN-1004",
    "status": "current",
    "lender": arthvik,
    "lendingServiceProvider": "VoltKhata",
    "sanctionedAmount": "60000.00",
    "principalOutstanding": "41000.00",
    "principalDue": "0.00",
    "interestDue": "0.00",
    "interestAccrued": "120.00",
    "penalCharges": "0.00",
    "overdueAmount": "0.00",
    "minimumPayment": "0.00",
    "daysPastDue": 0,
    "nextDue": { "amount": "5750.00", "dueOn": "2026-12-20" },
    "disbursedOn": "2026-06-10",
    "asOf": "2026-12-03",
    "closedOn": null
  },
  {
    "loanNumber": "LN-0998",
    "status": "closed",
    "lender": sahyogkosh,
    "lendingServiceProvider": "VoltKhata",
    "sanctionedAmount": "25000.00",
    "principalOutstanding": "0.00",
    "principalDue": "0.00",
    "interestDue": "0.00",
    "interestAccrued": "0.00",
    "penalCharges": "0.00",
    "overdueAmount": "0.00",
    "minimumPayment": "0.00",
    "daysPastDue": 0,
    "nextDue": null,
    "disbursedOn": "2025-08-01",
    "asOf": "2026-12-03",
    "closedOn": "2026-08-01"
  }
] satisfies Schemas["LoanSummary"][];

/** GET /api/loans/LN-1004/foreclosure: a floating-rate loan, so no foreclosure charge. */
export const foreclosureQuote = {
  "loanNumber": "LN-1004",
  "principal": "41000.00",
  "interest": "120.00",
  "penalCharges": "0.00",
  "foreclosureCharge": "0.00",
  "foreclosureChargePercent": "0.00",
  "total": "41120.00",
  "chargeRule": "noChargeFloatingRate",
  "rateType": "floating",
  "validOn": "2026-12-03"
} satisfies Schemas["ForeclosureQuote"];

const creditLenders = {
  "sahyogkosh": sahyogkosh,
  "arthvik": arthvik
} satisfies Record<string, Schemas["CreditLender"]>;

/** POST /api/credit/applications, approved: every lender's offer, none put first. */
export const creditApproved = {
  "applicationId": "APP-7001",
  "decision": "approved",
  "reason": null,
  "offers": [
    {
      "offerId": "OF-sahyogkosh-7001",
      "lender": creditLenders.sahyogkosh,
      "creditLimit": "50000.00",
      "apr": "26.40",
      "interestRate": "24.00",
      "rateType": "fixed",
      "processingFee": "590.00",
      "keyFactsValidUntil": "2026-12-06",
      "accepted": false
    },
    {
      "offerId": "OF-arthvik-7001",
      "lender": creditLenders.arthvik,
      "creditLimit": "40000.00",
      "apr": "22.85",
      "interestRate": "21.00",
      "rateType": "floating",
      "processingFee": "354.00",
      "keyFactsValidUntil": "2026-12-06",
      "accepted": false
    }
  ]
} satisfies Schemas["CreditApplication"];

/** GET /api/credit/lines: one line in its cooling-off period, one closed. */
export const creditLines = [
  {
    "lineNumber": "CL-5001",
    "status": "coolingOff",
    "lender": creditLenders.arthvik,
    "creditLimit": "40000.00",
    "apr": "22.85",
    "rateType": "floating",
    "acceptedOn": "2026-12-01",
    "coolingOffEndsOn": "2026-12-04",
    "keyFactsVersion": "KFS-arthvik-3",
    "endedBy": null,
    "endedOn": null,
    "asOf": "2026-12-03",
    "owed": "18450.00",
    "overdue": "0.00",
    "minimumDue": "6200.00",
    "minimumDueOn": "2026-12-31"
  },
  {
    "lineNumber": "CL-4990",
    "status": "closed",
    "lender": creditLenders.sahyogkosh,
    "creditLimit": "25000.00",
    "apr": "26.40",
    "rateType": "fixed",
    "acceptedOn": "2026-05-02",
    "coolingOffEndsOn": "2026-05-05",
    "keyFactsVersion": null,
    "endedBy": "foreclosure",
    "endedOn": "2026-09-30",
    "asOf": "2026-12-03",
    "owed": "0.00",
    "overdue": "0.00",
    "minimumDue": "0.00",
    "minimumDueOn": null
  }
] satisfies Schemas["CreditLine"][];

/** GET /api/credit/lines/CL-5001/autopay before a mandate: the terms a line's mandate would have
 * (the debit on each due date is the least to pay by then, at most the line's credit limit). */
export const lineAutoPay = {
  "terms": {
    "maxAmount": "40000.00",
    "frequency": "onEachDueDate",
    "startOn": "2026-12-31",
    "endOn": "2027-11-30",
    "lenderName": "Arthvik Capital Limited",
    "authenticationLimit": "15000.00"
  },
  "mandate": null
} satisfies Schemas["AutoPay"];
