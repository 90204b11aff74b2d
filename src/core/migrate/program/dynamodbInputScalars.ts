/**
 * The input members of each DynamoDB operation (API 2012-08-10) whose wire type is a number,
 * boolean or timestamp, as the API model of aws-sdk v2 declares them
 * (`apis/dynamodb-2012-08-10.min.json`; AttributeValue members left out: they carry their own
 * types). v2 converted request values to these types before sending (lib/param_validator.js
 * accepts numeric strings for numbers; lib/model/shape.js writes integers with parseInt); v3
 * sends values as they are. `'[]'` marks the members of a list.
 * test/core/migrate/program/paramTypes.test.ts checks this table against the installed model.
 */

/** A scalar kind, a structure of members, or a list of them. */
export type InputShape = ScalarKind | { [member: string]: InputShape };
/** The API model types v2 converted or checked. */
export type ScalarKind = 'integer' | 'long' | 'float' | 'double' | 'boolean' | 'timestamp';

/** Operation name (PascalCase, as in the API) → the typed members of its input. */
export const inputScalars: Readonly<Record<string, InputShape>> = {
  BatchExecuteStatement: {
    Statements: {
      '[]': {
        ConsistentRead: 'boolean',
      }
    },
  },
  CreateTable: {
    GlobalSecondaryIndexes: {
      '[]': {
        ProvisionedThroughput: {
          ReadCapacityUnits: 'long',
          WriteCapacityUnits: 'long',
        },
        OnDemandThroughput: {
          MaxReadRequestUnits: 'long',
          MaxWriteRequestUnits: 'long',
        }
      },
    },
    ProvisionedThroughput: {
      ReadCapacityUnits: 'long',
      WriteCapacityUnits: 'long',
    },
    StreamSpecification: {
      StreamEnabled: 'boolean',
    },
    SSESpecification: {
      Enabled: 'boolean',
    },
    DeletionProtectionEnabled: 'boolean',
    OnDemandThroughput: {
      MaxReadRequestUnits: 'long',
      MaxWriteRequestUnits: 'long',
    }
  },
  ExecuteStatement: {
    ConsistentRead: 'boolean',
    Limit: 'integer',
  },
  ExportTableToPointInTime: {
    ExportTime: 'timestamp',
    IncrementalExportSpecification: {
      ExportFromTime: 'timestamp',
      ExportToTime: 'timestamp',
    }
  },
  GetItem: {
    ConsistentRead: 'boolean',
  },
  ImportTable: {
    TableCreationParameters: {
      ProvisionedThroughput: {
        ReadCapacityUnits: 'long',
        WriteCapacityUnits: 'long',
      },
      OnDemandThroughput: {
        MaxReadRequestUnits: 'long',
        MaxWriteRequestUnits: 'long',
      },
      SSESpecification: {
        Enabled: 'boolean',
      },
      GlobalSecondaryIndexes: {
        '[]': {
          ProvisionedThroughput: {
            ReadCapacityUnits: 'long',
            WriteCapacityUnits: 'long',
          },
          OnDemandThroughput: {
            MaxReadRequestUnits: 'long',
            MaxWriteRequestUnits: 'long',
          }
        },
      }
    },
  },
  ListBackups: {
    Limit: 'integer',
    TimeRangeLowerBound: 'timestamp',
    TimeRangeUpperBound: 'timestamp',
  },
  ListContributorInsights: {
    MaxResults: 'integer',
  },
  ListExports: {
    MaxResults: 'integer',
  },
  ListGlobalTables: {
    Limit: 'integer',
  },
  ListImports: {
    PageSize: 'integer',
  },
  ListTables: {
    Limit: 'integer',
  },
  PutResourcePolicy: {
    ConfirmRemoveSelfResourceAccess: 'boolean',
  },
  Query: {
    Limit: 'integer',
    ConsistentRead: 'boolean',
    ScanIndexForward: 'boolean',
  },
  RestoreTableFromBackup: {
    GlobalSecondaryIndexOverride: {
      '[]': {
        ProvisionedThroughput: {
          ReadCapacityUnits: 'long',
          WriteCapacityUnits: 'long',
        },
        OnDemandThroughput: {
          MaxReadRequestUnits: 'long',
          MaxWriteRequestUnits: 'long',
        }
      },
    },
    ProvisionedThroughputOverride: {
      ReadCapacityUnits: 'long',
      WriteCapacityUnits: 'long',
    },
    OnDemandThroughputOverride: {
      MaxReadRequestUnits: 'long',
      MaxWriteRequestUnits: 'long',
    },
    SSESpecificationOverride: {
      Enabled: 'boolean',
    }
  },
  RestoreTableToPointInTime: {
    UseLatestRestorableTime: 'boolean',
    RestoreDateTime: 'timestamp',
    GlobalSecondaryIndexOverride: {
      '[]': {
        ProvisionedThroughput: {
          ReadCapacityUnits: 'long',
          WriteCapacityUnits: 'long',
        },
        OnDemandThroughput: {
          MaxReadRequestUnits: 'long',
          MaxWriteRequestUnits: 'long',
        }
      },
    },
    ProvisionedThroughputOverride: {
      ReadCapacityUnits: 'long',
      WriteCapacityUnits: 'long',
    },
    OnDemandThroughputOverride: {
      MaxReadRequestUnits: 'long',
      MaxWriteRequestUnits: 'long',
    },
    SSESpecificationOverride: {
      Enabled: 'boolean',
    }
  },
  Scan: {
    Limit: 'integer',
    TotalSegments: 'integer',
    Segment: 'integer',
    ConsistentRead: 'boolean',
  },
  UpdateContinuousBackups: {
    PointInTimeRecoverySpecification: {
      PointInTimeRecoveryEnabled: 'boolean',
    }
  },
  UpdateGlobalTableSettings: {
    GlobalTableProvisionedWriteCapacityUnits: 'long',
    GlobalTableProvisionedWriteCapacityAutoScalingSettingsUpdate: {
      MinimumUnits: 'long',
      MaximumUnits: 'long',
      AutoScalingDisabled: 'boolean',
      ScalingPolicyUpdate: {
        TargetTrackingScalingPolicyConfiguration: {
          DisableScaleIn: 'boolean',
          ScaleInCooldown: 'integer',
          ScaleOutCooldown: 'integer',
          TargetValue: 'double',
        }
      },
    },
    GlobalTableGlobalSecondaryIndexSettingsUpdate: {
      '[]': {
        ProvisionedWriteCapacityUnits: 'long',
        ProvisionedWriteCapacityAutoScalingSettingsUpdate: {
          MinimumUnits: 'long',
          MaximumUnits: 'long',
          AutoScalingDisabled: 'boolean',
          ScalingPolicyUpdate: {
            TargetTrackingScalingPolicyConfiguration: {
              DisableScaleIn: 'boolean',
              ScaleInCooldown: 'integer',
              ScaleOutCooldown: 'integer',
              TargetValue: 'double',
            }
          },
        }
      },
    },
    ReplicaSettingsUpdate: {
      '[]': {
        ReplicaProvisionedReadCapacityUnits: 'long',
        ReplicaProvisionedReadCapacityAutoScalingSettingsUpdate: {
          MinimumUnits: 'long',
          MaximumUnits: 'long',
          AutoScalingDisabled: 'boolean',
          ScalingPolicyUpdate: {
            TargetTrackingScalingPolicyConfiguration: {
              DisableScaleIn: 'boolean',
              ScaleInCooldown: 'integer',
              ScaleOutCooldown: 'integer',
              TargetValue: 'double',
            }
          },
        },
        ReplicaGlobalSecondaryIndexSettingsUpdate: {
          '[]': {
            ProvisionedReadCapacityUnits: 'long',
            ProvisionedReadCapacityAutoScalingSettingsUpdate: {
              MinimumUnits: 'long',
              MaximumUnits: 'long',
              AutoScalingDisabled: 'boolean',
              ScalingPolicyUpdate: {
                TargetTrackingScalingPolicyConfiguration: {
                  DisableScaleIn: 'boolean',
                  ScaleInCooldown: 'integer',
                  ScaleOutCooldown: 'integer',
                  TargetValue: 'double',
                }
              },
            }
          },
        }
      },
    }
  },
  UpdateTable: {
    ProvisionedThroughput: {
      ReadCapacityUnits: 'long',
      WriteCapacityUnits: 'long',
    },
    GlobalSecondaryIndexUpdates: {
      '[]': {
        Update: {
          ProvisionedThroughput: {
            ReadCapacityUnits: 'long',
            WriteCapacityUnits: 'long',
          },
          OnDemandThroughput: {
            MaxReadRequestUnits: 'long',
            MaxWriteRequestUnits: 'long',
          }
        },
        Create: {
          ProvisionedThroughput: {
            ReadCapacityUnits: 'long',
            WriteCapacityUnits: 'long',
          },
          OnDemandThroughput: {
            MaxReadRequestUnits: 'long',
            MaxWriteRequestUnits: 'long',
          }
        },
      }
    },
    StreamSpecification: {
      StreamEnabled: 'boolean',
    },
    SSESpecification: {
      Enabled: 'boolean',
    },
    ReplicaUpdates: {
      '[]': {
        Create: {
          ProvisionedThroughputOverride: {
            ReadCapacityUnits: 'long',
          },
          OnDemandThroughputOverride: {
            MaxReadRequestUnits: 'long',
          },
          GlobalSecondaryIndexes: {
            '[]': {
              ProvisionedThroughputOverride: {
                ReadCapacityUnits: 'long',
              },
              OnDemandThroughputOverride: {
                MaxReadRequestUnits: 'long',
              }
            },
          }
        },
        Update: {
          ProvisionedThroughputOverride: {
            ReadCapacityUnits: 'long',
          },
          OnDemandThroughputOverride: {
            MaxReadRequestUnits: 'long',
          },
          GlobalSecondaryIndexes: {
            '[]': {
              ProvisionedThroughputOverride: {
                ReadCapacityUnits: 'long',
              },
              OnDemandThroughputOverride: {
                MaxReadRequestUnits: 'long',
              }
            },
          }
        },
      }
    },
    DeletionProtectionEnabled: 'boolean',
    OnDemandThroughput: {
      MaxReadRequestUnits: 'long',
      MaxWriteRequestUnits: 'long',
    }
  },
  UpdateTableReplicaAutoScaling: {
    GlobalSecondaryIndexUpdates: {
      '[]': {
        ProvisionedWriteCapacityAutoScalingUpdate: {
          MinimumUnits: 'long',
          MaximumUnits: 'long',
          AutoScalingDisabled: 'boolean',
          ScalingPolicyUpdate: {
            TargetTrackingScalingPolicyConfiguration: {
              DisableScaleIn: 'boolean',
              ScaleInCooldown: 'integer',
              ScaleOutCooldown: 'integer',
              TargetValue: 'double',
            }
          },
        }
      },
    },
    ProvisionedWriteCapacityAutoScalingUpdate: {
      MinimumUnits: 'long',
      MaximumUnits: 'long',
      AutoScalingDisabled: 'boolean',
      ScalingPolicyUpdate: {
        TargetTrackingScalingPolicyConfiguration: {
          DisableScaleIn: 'boolean',
          ScaleInCooldown: 'integer',
          ScaleOutCooldown: 'integer',
          TargetValue: 'double',
        }
      },
    },
    ReplicaUpdates: {
      '[]': {
        ReplicaGlobalSecondaryIndexUpdates: {
          '[]': {
            ProvisionedReadCapacityAutoScalingUpdate: {
              MinimumUnits: 'long',
              MaximumUnits: 'long',
              AutoScalingDisabled: 'boolean',
              ScalingPolicyUpdate: {
                TargetTrackingScalingPolicyConfiguration: {
                  DisableScaleIn: 'boolean',
                  ScaleInCooldown: 'integer',
                  ScaleOutCooldown: 'integer',
                  TargetValue: 'double',
                }
              },
            }
          },
        },
        ReplicaProvisionedReadCapacityAutoScalingUpdate: {
          MinimumUnits: 'long',
          MaximumUnits: 'long',
          AutoScalingDisabled: 'boolean',
          ScalingPolicyUpdate: {
            TargetTrackingScalingPolicyConfiguration: {
              DisableScaleIn: 'boolean',
              ScaleInCooldown: 'integer',
              ScaleOutCooldown: 'integer',
              TargetValue: 'double',
            }
          },
        }
      },
    }
  },
  UpdateTimeToLive: {
    TimeToLiveSpecification: {
      Enabled: 'boolean',
    }
  },
};
