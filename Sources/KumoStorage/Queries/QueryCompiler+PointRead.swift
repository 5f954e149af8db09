import NCMBWire

extension QueryCompiler {
    /// The page statement of a get by objectId without includes, compiled once per kind of caller and reused
    /// (docs/decisions/0179-per-request-work-prepared-once.md).
    ///
    /// A point read has one shape per kind of caller (anonymous, signed-in user, bypass): its SQL text never depends on
    /// the application, the class, the objectId or the user, only its bound values do. Each template is compiled by
    /// ``find(_:access:dialect:)`` itself, with marker values where the request's values go, so it is the very statement
    /// a find of `where={"objectId":…}&limit=1` compiles; ``statement(for:access:)`` binds the request's values in the
    /// markers' places.
    package struct PointRead: Sendable {
        private let anonymous: Template
        private let user: Template
        private let bypass: Template

        /// Compiles the three templates for `dialect`.
        package init(dialect: any SQLDialect) {
            anonymous = Template(access: .anonymous, dialect: dialect)
            user = Template(access: .user(objectId: Marker.user), dialect: dialect)
            bypass = Template(access: .bypass, dialect: dialect)
        }

        /// The find request of one object by objectId, limited to one row: what a get without includes runs.
        package static func request(_ key: ObjectKey) -> FindRequest {
            let condition = WhereClause.field(.objectId, [.equalTo(.string(key.objectId))])
            return FindRequest(
                applicationId: key.applicationId, className: key.className,
                parameters: QueryParameters(whereQuery: WhereQuery([condition]), limit: 1, include: []))
        }

        /// The page statement of ``request(_:)`` for `access`: equal, text and bindings, to what
        /// ``QueryCompiler/find(_:access:dialect:)`` compiles for it.
        package func statement(for key: ObjectKey, access: AccessContext) -> SQLStatement {
            switch access {
            case .anonymous: anonymous.statement(for: key, userObjectId: nil)
            case .user(let objectId): user.statement(for: key, userObjectId: objectId)
            case .bypass: bypass.statement(for: key, userObjectId: nil)
            }
        }
    }
}

extension QueryCompiler.PointRead {
    /// Where a request's value goes in a template's bindings.
    private enum Slot: Sendable {
        case constant(SQLValue)
        case applicationId
        case className
        case objectId
        case user
    }

    /// The marker values a template is compiled with; a template's bindings equal to one are its request's values.
    private enum Marker {
        static let applicationId = "kumo-point-read-application"
        static let className = ClassName(constant: "KumoPointReadClass")
        static let objectId = "kumo-point-read-object"
        static let user = "kumo-point-read-user"
    }

    /// One compiled page statement and where each of its bound values comes from.
    private struct Template: Sendable {
        let prototype: SQLStatement
        let slots: [Slot]

        init(access: AccessContext, dialect: any SQLDialect) {
            let key = ObjectKey(applicationId: Marker.applicationId, className: Marker.className, objectId: Marker.objectId)
            let compiled = QueryCompiler.find(QueryCompiler.PointRead.request(key), access: access, dialect: dialect)
            // A limit of 1 always compiles a page.
            prototype = compiled.page ?? SQLStatement(dialect: dialect)
            slots = prototype.bindings.map { value in
                switch value {
                case .text(Marker.applicationId): .applicationId
                case .text(Marker.className.rawValue): .className
                case .text(Marker.objectId): .objectId
                case .text(Marker.user): .user
                default: .constant(value)
                }
            }
        }

        func statement(for key: ObjectKey, userObjectId: String?) -> SQLStatement {
            let bindings = slots.map { slot -> SQLValue in
                switch slot {
                case .constant(let value): value
                case .applicationId: .text(key.applicationId)
                case .className: .text(key.className.rawValue)
                case .objectId: .text(key.objectId)
                case .user: .text(userObjectId ?? "")
                }
            }
            var statement = SQLStatement(dialect: prototype.dialect, prototype.text, bindings: bindings)
            statement.maximumResultBytes = prototype.maximumResultBytes
            return statement
        }
    }
}
